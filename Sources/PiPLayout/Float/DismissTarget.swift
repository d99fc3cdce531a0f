/// The round target at the bottom centre of the work area that releases the float when it is
/// dropped there (SPEC P19, anchor: Android's PiP dismiss target).
///
/// It shows once a drag has gone on for more than ``showDelay`` or more than ``showDistance``
/// from the press. While the float's centre (where the pointer would put it) lies within
/// ``magnetFactor`` times the radius of the target's centre, the float is pulled onto it:
/// shrunk to ``pulledScale`` and centred on it, lifted only as far as it takes to stay above
/// the bottom of the usable area (a bottom panel, the screen's edge). Moving away lets go.
/// Releasing there dismisses the float unless the release is faster than ``passingSpeed``: a
/// fling that happens to pass over the target goes on to its corner.
public struct DismissTarget: Sendable, Equatable {
    /// The target's radius.
    public static let radius = 40.0
    /// The gap between the target's bottom and the bottom of the usable area.
    public static let bottomGap = 48.0
    /// How far (in radii) from the target's centre the float's centre is pulled.
    public static let magnetFactor = 1.25
    /// The size of a pulled float relative to its own.
    public static let pulledScale = 0.85
    /// How long (s) a drag goes on before the target shows.
    public static let showDelay = 0.25
    /// How far (px) from the press a drag goes before the target shows.
    public static let showDistance = 40.0
    /// Release speed (px/s) from which a float pulled onto the target is flung on, not dismissed.
    public static let passingSpeed = 500.0

    /// The target's centre.
    public let center: Point
    /// Whether the float is pulled onto it now.
    public var isPulling: Bool
    /// The bottom of the usable area, which a pulled float stays above.
    public let usableBottom: Double

    /// The target on `display`: centred horizontally, ``bottomGap`` above the usable bottom.
    public init(on display: Display, isPulling: Bool = false) {
        center = Point(x: display.usable.midX, y: display.usable.maxY - Self.bottomGap - Self.radius)
        usableBottom = display.usable.maxY
        self.isPulling = isPulling
    }

    /// The square the round target is drawn in (its window frame).
    public var frame: Rect {
        Rect(x: center.x - Self.radius, y: center.y - Self.radius, width: 2 * Self.radius, height: 2 * Self.radius)
    }

    /// Whether a float centred at `floatCenter` is pulled onto the target.
    public func pulls(floatCenter: Point) -> Bool {
        floatCenter.distance(to: center) <= Self.magnetFactor * Self.radius
    }

    /// The frame of a float of `size` pulled onto the target: shrunk, centred on it, and lifted
    /// to keep its bottom on the usable area (a 230 px float over a target whose centre is
    /// 88 px up would otherwise hang 27 px over the panel or off the screen).
    public func pulledFrame(for size: Size) -> Rect {
        let pulled = size * Self.pulledScale
        let y = min(center.y - pulled.height / 2, usableBottom - pulled.height)
        return Rect(x: center.x - pulled.width / 2, y: y, width: pulled.width, height: pulled.height)
    }

    /// Whether a float pulled onto the target and released with `velocity` (px/s) is dismissed.
    public static func dismisses(releaseVelocity velocity: Vector) -> Bool {
        velocity.length < passingSpeed
    }

    /// Whether a drag that went on for `duration` seconds and `distance` px from the press shows the target.
    public static func shows(afterDragOf duration: Double, distance: Double) -> Bool {
        duration > showDelay || distance > showDistance
    }
}
