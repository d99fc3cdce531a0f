/// Picks the corner a released float settles at, from its origin and release velocity.
///
/// The release is projected along its velocity as if the float glided to a stop under a
/// constant deceleration rate (``decelerationRate`` per millisecond, like a scroll view's), and
/// the corner is the side of each axis that the projected float falls on. The projection is
/// continuous: there is no speed at which a release suddenly counts as a fling. A slow release
/// (a pointer that rested has zero velocity) goes to the nearest corner.
public enum SnapRule {
    /// The fraction of its speed a gliding float keeps after each millisecond.
    ///
    /// iOS scrolls at 0.998 (a glide of about v × 0.5 s) on a phone screen a few hundred points
    /// wide. A desktop area is three to five times wider in pixels than a hand's fling is faster,
    /// so the glide is longer: a 900 px/s sideways fling from a corner must cross the middle of
    /// a 1920 px wide area.
    public static let decelerationRate = 0.999

    /// How long (s) the glide's distance lasts at the release speed: travel = v × this.
    public static var projectionTime: Double {
        decelerationRate / (1 - decelerationRate) / 1000
    }

    /// The point after gliding from `point` with `velocity` (px/s) to a stop.
    public static func projected(_ point: Point, velocity: Vector) -> Point {
        point + velocity * projectionTime
    }

    /// The corner of `area` a float released at `origin` with `velocity` settles at.
    public static func corner(releaseOrigin origin: Point, velocity: Vector, area: MovementArea) -> Corner {
        area.nearestCorner(to: projected(origin, velocity: velocity))
    }
}
