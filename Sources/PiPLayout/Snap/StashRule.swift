/// Decides when a released float stashes behind a display edge, and where it then rests.
///
/// A float stashes when released with its centre beyond the left or right usable edge (more
/// than half its width off), unless it is flung back inward so far that ``SnapRule``'s
/// projection brings its centre back over the edge; or when flung sideways faster than
/// ``flingSpeed`` (and more sideways than vertically) toward that edge. Either way only at an
/// outer edge of the desktop, one with no other display beyond it level with the float: never
/// at the edge two monitors share, where the float passes to the neighbour instead. The edge
/// counts as shared when a neighbour lies level with the stash where it would rest. Only the release position and speed count, never the projection alone:
/// an ordinary sideways fling toward a corner glides far past the edge but does not stash.
public enum StashRule {
    /// Width of the strip left visible when stashed.
    public static let visibleWidth = 32.0
    /// Horizontal speed (px/s) above which a sideways fling stashes.
    public static let flingSpeed = 3000.0

    /// The side the float stashes to, or `nil` when it settles at a corner.
    ///
    /// - Parameters:
    ///   - frame: the window frame at release.
    ///   - velocity: the release velocity in px/s.
    ///   - display: the display under the window centre.
    ///   - displays: all displays, to tell outer edges from edges shared with a neighbour.
    public static func side(frame: Rect, velocity: Vector, display: Display, displays: [Display]) -> StashSide? {
        let area = MovementArea(display: display, windowSize: frame.size)
        let projected = SnapRule.projected(frame.origin, velocity: velocity, area: area)
        // Judged level with where the stash would rest, so its hidden part is on no monitor.
        let outer = { (side: StashSide) in
            let rest = area.frame(for: .stashed(side, heightFraction: area.heightFraction(ofOriginY: projected.y)))
            return displays.isOuterEdge(side, of: display, besideFrame: rest)
        }
        if abs(velocity.dx) > flingSpeed, abs(velocity.dx) > abs(velocity.dy) {
            let side: StashSide = velocity.dx < 0 ? .left : .right
            if outer(side) {
                return side
            }
        }
        let glidedMidX = projected.x + frame.width / 2
        if frame.midX < display.usable.minX, glidedMidX < display.usable.minX, outer(.left) {
            return .left
        }
        if frame.midX > display.usable.maxX, glidedMidX > display.usable.maxX, outer(.right) {
            return .right
        }
        return nil
    }

    /// The window's x when stashed to `side` of the usable bounds.
    public static func stashedX(side: StashSide, windowWidth: Double, usable: Rect) -> Double {
        switch side {
        case .left: usable.minX + visibleWidth - windowWidth
        case .right: usable.maxX - visibleWidth
        }
    }
}
