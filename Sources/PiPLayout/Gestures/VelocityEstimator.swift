import Foundation

/// Estimates the pointer velocity at release from timed samples, following Android's
/// `VelocityTracker` rules.
///
/// - The fit is a weighted least-squares line over the samples of the last ``horizon``
///   seconds before the newest one; a sample's weight halves about every 4 ms of age
///   (``weightDecay``), so a hand still speeding up at release reads close to its final speed
///   (within about -10% to +5% for a raised-cosine build-up of 80-200 ms at 60-1000 Hz), not the
///   average of the window, and a single jittery sample cannot flip the direction.
/// - A pointer that reported no motion for longer than ``stoppedTime`` before the release
///   has no velocity: it rested.
/// - Samples carry the event's own time (the X server's, where known). ``GestureTracker``
///   keeps them in order: a sample at the time of the previous one replaces it, an older one
///   is dropped, and a gap longer than ``stoppedTime`` starts the history afresh.
public enum VelocityEstimator {
    /// How far back (seconds) from the newest sample the fit reaches.
    public static let horizon = 0.1
    /// A pointer silent this long (seconds) before the release, or between two moves, stopped.
    public static let stoppedTime = 0.04
    /// The age (seconds) over which a sample's weight falls by a factor of e.
    public static let weightDecay = 0.006

    /// The velocity in px/s at release `time`, from `samples` in time order.
    ///
    /// Zero when the newest sample is more than ``stoppedTime`` older than `time`, or when
    /// fewer than two samples with distinct times lie within ``horizon`` of the newest.
    ///
    /// - Complexity: O(n) in the number of samples.
    public static func velocity(samples: [PointerSample], at time: Double) -> Vector {
        guard let newest = samples.last, time - newest.time <= stoppedTime else { return .zero }
        var sums = (w: 0.0, t: 0.0, tt: 0.0, x: 0.0, tx: 0.0, y: 0.0, ty: 0.0)
        for sample in samples where sample.time >= newest.time - horizon && sample.time <= newest.time {
            let t = sample.time - newest.time
            let w = Foundation.exp(t / weightDecay)
            sums.w += w
            sums.t += w * t
            sums.tt += w * t * t
            sums.x += w * sample.point.x
            sums.tx += w * t * sample.point.x
            sums.y += w * sample.point.y
            sums.ty += w * t * sample.point.y
        }
        let spread = sums.w * sums.tt - sums.t * sums.t
        guard spread > 1e-18 * max(sums.w * sums.w, 1) else { return .zero }
        return Vector(
            dx: (sums.w * sums.tx - sums.t * sums.x) / spread,
            dy: (sums.w * sums.ty - sums.t * sums.y) / spread)
    }
}
