/// Where a float is headed: the anchor it will rest at and the exact frame there.
public struct SnapTarget: Sendable, Equatable {
    /// The resting place.
    public let anchor: Anchor
    /// The window frame at rest.
    public let frame: Rect

    /// Creates a target from an anchor and its frame.
    public init(anchor: Anchor, frame: Rect) {
        self.anchor = anchor
        self.frame = frame
    }

    /// The window origin at rest.
    public var origin: Point { frame.origin }
}

extension SnapTarget {
    /// The target of a float released with window `frame` and pointer `velocity` (px/s).
    ///
    /// The display is the one under the window centre (nearest when none). A stash keeps the
    /// release height projected along the vertical velocity, clamped into the movement area.
    public static func release(frame: Rect, velocity: Vector, displays: [Display]) -> SnapTarget {
        release(frame: frame, velocity: velocity, on: displays.owner(of: frame.center), displays: displays)
    }

    /// The target of a float released with window `frame` and `velocity` on `display`.
    public static func release(frame: Rect, velocity: Vector, on display: Display, displays: [Display]) -> SnapTarget {
        let area = MovementArea(display: display, windowSize: frame.size)
        let anchor: Anchor
        if let side = StashRule.side(frame: frame, velocity: velocity, display: display, displays: displays) {
            let glidedY = SnapRule.projected(frame.origin, velocity: velocity, area: area).y
            anchor = .stashed(side, heightFraction: area.heightFraction(ofOriginY: glidedY))
        } else {
            anchor = .corner(SnapRule.corner(releaseOrigin: frame.origin, velocity: velocity, area: area))
        }
        return SnapTarget(anchor: anchor, frame: area.frame(for: anchor))
    }

    /// The target of a click on a stashed float: the nearest corner on its stash side.
    public static func unstash(frame: Rect, side: StashSide, displays: [Display]) -> SnapTarget {
        let anchor = Anchor.stashed(side, heightFraction: 0)
        let display = displays.owner(of: anchor.ownerPoint(of: frame))
        let area = MovementArea(display: display, windowSize: frame.size)
        let row: Corner.Row = frame.minY < area.origins.midY ? .top : .bottom
        let corner = Anchor.corner(Corner(column: side.column, row: row))
        return SnapTarget(anchor: corner, frame: area.frame(for: corner))
    }
}
