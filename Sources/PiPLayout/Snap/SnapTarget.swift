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
    /// The display released on is the one under the window centre (nearest when none). A stash
    /// keeps the release height projected along the vertical velocity, clamped into the
    /// movement area. Otherwise the projected point picks the display
    /// (``Swift/Array/landing(releasedOn:center:projected:)``), then its corner.
    public static func release(frame: Rect, velocity: Vector, displays: [Display]) -> SnapTarget {
        release(frame: frame, velocity: velocity, on: displays.owner(of: frame.center), displays: displays)
    }

    /// The target of a float released with window `frame` and `velocity` on `display`.
    public static func release(frame: Rect, velocity: Vector, on display: Display, displays: [Display]) -> SnapTarget {
        let area = MovementArea(display: display, windowSize: frame.size)
        let projected = SnapRule.projected(frame.origin, velocity: velocity, area: area)
        if let side = StashRule.side(frame: frame, velocity: velocity, display: display, displays: displays) {
            let anchor = Anchor.stashed(side, heightFraction: area.heightFraction(ofOriginY: projected.y))
            return SnapTarget(anchor: anchor, frame: area.frame(for: anchor))
        }
        let half = Vector(dx: frame.width / 2, dy: frame.height / 2)
        let landing = displays.landing(releasedOn: display, center: frame.center, projected: projected + half)
        guard landing != display else {
            let anchor = Anchor.corner(area.nearestCorner(to: projected))
            return SnapTarget(anchor: anchor, frame: area.frame(for: anchor))
        }
        return carried(frame: frame, velocity: velocity, to: landing, projected: projected)
    }

    /// The target of a float flung from `frame` over to the display `landing`: the glide goes
    /// on from where the float's centre enters it (clamped into its movement area), in that
    /// display's own proportions, so a fling that crosses lands alike whichever way it crosses
    /// and whatever the sizes of the two displays.
    static func carried(frame: Rect, velocity: Vector, to landing: Display, projected: Point) -> SnapTarget {
        let area = MovementArea(display: landing, windowSize: frame.size)
        let half = Vector(dx: frame.width / 2, dy: frame.height / 2)
        let path = (from: frame.center, to: projected + half)
        let entry = landing.full.entry(from: path.from, to: path.to).map { t in
            Point(x: path.from.x + (path.to.x - path.from.x) * t, y: path.from.y + (path.to.y - path.from.y) * t)
        } ?? landing.full.clamp(path.to)
        let entered = area.origins.clamp(entry - half)
        let anchor = Anchor.corner(area.nearestCorner(to: SnapRule.projected(entered, velocity: velocity, area: area)))
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
