/// Estimates the pointer velocity at release by a least-squares line through recent samples.
///
/// Only samples from the last ``window`` seconds before the release count, so a pointer that
/// rested longer than that before release has no velocity, and a single jittery sample among
/// several is outweighed instead of flipping the direction.
public enum VelocityEstimator {
    /// How far back (seconds) samples count.
    public static let window = 0.1

    /// The velocity in px/s at `time`, fitted over `samples` no older than ``window``.
    ///
    /// - Complexity: O(n) in the number of samples.
    public static func velocity(samples: [PointerSample], at time: Double) -> Vector {
        let recent = samples.filter { $0.time >= time - window && $0.time <= time }
        guard recent.count >= 2 else { return .zero }
        let count = Double(recent.count)
        let meanT = recent.reduce(0) { $0 + $1.time } / count
        let meanX = recent.reduce(0) { $0 + $1.point.x } / count
        let meanY = recent.reduce(0) { $0 + $1.point.y } / count
        var spread = 0.0
        var alongX = 0.0
        var alongY = 0.0
        for sample in recent {
            let dt = sample.time - meanT
            spread += dt * dt
            alongX += dt * (sample.point.x - meanX)
            alongY += dt * (sample.point.y - meanY)
        }
        guard spread > 1e-12 else { return .zero }
        return Vector(dx: alongX / spread, dy: alongY / spread)
    }
}
