/// The rectangle of allowed window origins on one display for one window size.
///
/// It is the display's usable bounds inset by ``margin``, less the window size, so a window whose
/// origin lies inside it lies fully inside the inset usable bounds.
public struct MovementArea: Sendable, Equatable {
    /// Gap kept between a resting float and the usable bounds' edges.
    public static let margin = 16.0

    /// The display the area belongs to.
    public let display: Display
    /// The window size the area was computed for.
    public let windowSize: Size
    /// Allowed window origins; never of negative size (collapses to a centred point when the
    /// window does not fit).
    public let origins: Rect

    /// Computes the movement area of a window of `windowSize` on `display`.
    public init(display: Display, windowSize: Size) {
        self.display = display
        self.windowSize = windowSize
        let inner = display.usable.inset(by: Self.margin)
        let width = inner.width - windowSize.width
        let height = inner.height - windowSize.height
        origins = Rect(
            x: width >= 0 ? inner.minX : inner.minX + width / 2,
            y: height >= 0 ? inner.minY : inner.minY + height / 2,
            width: max(width, 0),
            height: max(height, 0)
        )
    }

    /// The window origin at a corner.
    public func origin(at corner: Corner) -> Point {
        Point(
            x: corner.column == .left ? origins.minX : origins.maxX,
            y: corner.row == .top ? origins.minY : origins.maxY
        )
    }

    /// The window origin for an anchor.
    public func origin(for anchor: Anchor) -> Point {
        switch anchor {
        case .corner(let corner):
            origin(at: corner)
        case .stashed(let side, let heightFraction):
            Point(
                x: StashRule.stashedX(side: side, windowWidth: windowSize.width, usable: display.usable),
                y: origins.minY + min(max(heightFraction, 0), 1) * origins.height
            )
        }
    }

    /// The window frame for an anchor.
    public func frame(for anchor: Anchor) -> Rect {
        Rect(origin: origin(for: anchor), size: windowSize)
    }

    /// Where a window top at `y` lies between the top (0) and bottom (1) of the area, clamped.
    public func heightFraction(ofOriginY y: Double) -> Double {
        guard origins.height > 0 else { return 0 }
        return min(max((y - origins.minY) / origins.height, 0), 1)
    }

    /// The corner whose origin is nearest to `origin`.
    public func nearestCorner(to origin: Point) -> Corner {
        Corner(
            column: origin.x < origins.midX ? .left : .right,
            row: origin.y < origins.midY ? .top : .bottom
        )
    }
}
