/// Picks the corner a released float settles at, from its origin and release velocity.
///
/// The release is projected along its velocity as if the float glided to a stop under a
/// constant deceleration, and the corner is the side of each axis that the projected float
/// falls on. The projection is continuous: there is no speed at which a release suddenly
/// counts as a fling. A slow release (a pointer that rested has zero velocity) goes to the
/// nearest corner.
///
/// The glide is measured in the movement area's own proportions: a release at
/// ``crossingSpeed`` along an axis glides half the area's extent on that axis. On a 1920x1080
/// display with a quarter-width float that is about v × 1.2 s across and v × 0.6 s down (iOS
/// scrolls v × 0.5 s on a phone); a fixed glide cannot serve every screen, since a 900 px/s
/// sideways fling from a corner must cross the middle of a 2560 px area while an 8° wobble of
/// a 2400 px/s one must not cross the middle of a 720 px high one.
public enum SnapRule {
    /// Speed (px/s) along an axis at which a release glides half the movement area on that axis.
    public static let crossingSpeed = 600.0

    /// The origin after gliding from `origin` with `velocity` (px/s) in `area`.
    public static func projected(_ origin: Point, velocity: Vector, area: MovementArea) -> Point {
        Point(
            x: origin.x + velocity.dx / crossingSpeed * area.origins.width / 2,
            y: origin.y + velocity.dy / crossingSpeed * area.origins.height / 2)
    }

    /// The corner of `area` a float released at `origin` with `velocity` settles at.
    public static func corner(releaseOrigin origin: Point, velocity: Vector, area: MovementArea) -> Corner {
        area.nearestCorner(to: projected(origin, velocity: velocity, area: area))
    }
}
