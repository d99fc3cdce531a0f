import Foundation

/// A 2-D critically damped spring pulling a point toward a target, advanced by time steps.
///
/// Each step uses the closed-form solution x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt) of the
/// displacement x from the target, so any step length, even a long frame hitch, is exact and
/// stable. The start velocity toward the target is capped per axis at ω·distance, which keeps
/// the point from ever passing the target. Once within ``settleDistance`` and slower than
/// ``settleSpeed`` it lands exactly on the target and stops.
public struct Spring: Sendable, Equatable {
    /// Distance (px) from the target under which the spring may land.
    public static let settleDistance = 0.5
    /// Speed (px/s) under which the spring may land.
    public static let settleSpeed = 60.0

    /// The current position.
    public private(set) var position: Point
    /// The current velocity in px/s.
    public private(set) var velocity: Vector
    /// The point the spring pulls toward.
    public let target: Point
    /// The stiffness.
    public let configuration: SpringConfiguration

    /// Starts a spring at `position` moving with `velocity` (px/s) toward `target`.
    public init(from position: Point, velocity: Vector, to target: Point, configuration: SpringConfiguration) {
        let omega = configuration.angularFrequency
        let offset = position - target
        self.position = position
        self.velocity = Vector(
            dx: Self.cappedSpeed(velocity.dx, displacement: offset.dx, omega: omega),
            dy: Self.cappedSpeed(velocity.dy, displacement: offset.dy, omega: omega)
        )
        self.target = target
        self.configuration = configuration
        landIfClose()
    }

    /// Whether the spring rests exactly on its target.
    public var isSettled: Bool {
        position == target && velocity == .zero
    }

    /// Advances the spring by `dt` seconds; a non-positive or non-finite step does nothing.
    public mutating func advance(by dt: Double) {
        guard dt > 0, dt.isFinite, !isSettled else { return }
        let omega = configuration.angularFrequency
        let offset = position - target
        let x = Self.axis(displacement: offset.dx, speed: velocity.dx, omega: omega, dt: dt)
        let y = Self.axis(displacement: offset.dy, speed: velocity.dy, omega: omega, dt: dt)
        position = Point(x: target.x + x.displacement, y: target.y + y.displacement)
        velocity = Vector(dx: x.speed, dy: y.speed)
        landIfClose()
    }

    private mutating func landIfClose() {
        if position.distance(to: target) <= Self.settleDistance, velocity.length <= Self.settleSpeed {
            position = target
            velocity = .zero
        }
    }

    /// Caps a speed toward the target at ω·|displacement| so the motion cannot cross the target.
    private static func cappedSpeed(_ speed: Double, displacement: Double, omega: Double) -> Double {
        let limit = omega * abs(displacement)
        if displacement > 0 { return max(speed, -limit) }
        if displacement < 0 { return min(speed, limit) }
        return speed
    }

    /// One axis of the closed-form critically damped motion after `dt`.
    private static func axis(
        displacement: Double, speed: Double, omega: Double, dt: Double
    ) -> (displacement: Double, speed: Double) {
        let decay = Foundation.exp(-omega * dt)
        let drive = speed + omega * displacement
        return (
            (displacement + drive * dt) * decay,
            (speed - omega * drive * dt) * decay
        )
    }
}
