/// Where the float rests: at a corner of the movement area, or stashed behind a display edge.
public enum Anchor: Sendable, Equatable, Hashable {
    /// Resting at a corner of the movement area.
    case corner(Corner)
    /// Hidden behind the `side` edge with a strip visible; `heightFraction` places the window's
    /// top between the top (0) and the bottom (1) of the movement area.
    case stashed(StashSide, heightFraction: Double)

    /// The corner this anchor leads to when it has to become a corner: itself, or for a stash
    /// the nearest corner on the stash side.
    public var nearestCorner: Corner {
        switch self {
        case .corner(let corner):
            corner
        case .stashed(let side, let heightFraction):
            Corner(column: side.column, row: heightFraction < 0.5 ? .top : .bottom)
        }
    }

    /// The point that decides which display a window frame at this anchor belongs to: the window
    /// centre, or for a stash the centre of its visible strip.
    public func ownerPoint(of frame: Rect) -> Point {
        switch self {
        case .corner:
            frame.center
        case .stashed(.left, _):
            Point(x: frame.maxX - StashRule.visibleWidth / 2, y: frame.midY)
        case .stashed(.right, _):
            Point(x: frame.minX + StashRule.visibleWidth / 2, y: frame.midY)
        }
    }
}
