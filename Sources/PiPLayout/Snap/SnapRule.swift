/// Picks the corner a released float settles at, from its origin and release velocity.
///
/// Each axis is decided on its own. A release faster than ``flingSpeed`` along an axis goes to
/// the side the pointer was moving to, wherever it starts. A slower release projects the origin
/// along the velocity as if the float glided to a stop under ``deceleration`` and takes the
/// nearer side of the projected point.
public enum SnapRule {
    /// Speed along one axis (px/s) from which a release counts as a fling along that axis.
    public static let flingSpeed = 800.0
    /// Deceleration (px/s²) of the glide used to project a slow release.
    public static let deceleration = 5000.0

    /// How far a release at `speed` (px/s, signed) glides before it stops.
    public static func glideDistance(speed: Double) -> Double {
        speed * abs(speed) / (2 * deceleration)
    }

    /// The window origin after gliding from `origin` with `velocity`.
    public static func projected(_ origin: Point, velocity: Vector) -> Point {
        Point(x: origin.x + glideDistance(speed: velocity.dx), y: origin.y + glideDistance(speed: velocity.dy))
    }

    /// The corner of `area` a float released at `origin` with `velocity` settles at.
    public static func corner(releaseOrigin origin: Point, velocity: Vector, area: MovementArea) -> Corner {
        let glided = projected(origin, velocity: velocity)
        let column: Corner.Column =
            if abs(velocity.dx) >= flingSpeed { velocity.dx < 0 ? .left : .right }
            else { glided.x < area.origins.midX ? .left : .right }
        let row: Corner.Row =
            if abs(velocity.dy) >= flingSpeed { velocity.dy < 0 ? .top : .bottom }
            else { glided.y < area.origins.midY ? .top : .bottom }
        return Corner(column: column, row: row)
    }
}
