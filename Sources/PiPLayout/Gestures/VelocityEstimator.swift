import Foundation

/// Estimates the pointer velocity at release from timed samples, following Android's
/// `VelocityTracker` rules.
///
/// - The fit is a weighted least-squares line over the samples of the last ``horizon``
///   seconds before the newest one; a sample's weight falls by e every ``decay(forInterval:)``
///   of age: about one and a half report intervals of the device (6 ms for a 1,000 Hz mouse,
///   11 ms at 125 Hz and at most), so a hand still speeding up at release reads close to its
///   final speed, not the average of the window, while one report stamped a few milliseconds
///   early or late (a loaded machine) cannot carry the estimate: with event times up to 4 ms
///   late, fast sideways flings still never stash (IntentAccuracyTests).
/// - The fit still lags a hand that is speeding up by about twice the decay's worth of its
///   acceleration, so the ceiling is kept where a short, hard sideways throw reaching 3,500 px/s
///   at release reads above the stash speed (``StashRule/flingSpeed``): at 12 ms one such
///   throw in two hundred at 125 Hz read under 3,000 px/s and went to a corner.
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
    /// The shortest and longest age (seconds) over which a sample's weight falls by a factor of e.
    public static let decayLimits = 0.006...0.011
    /// How many report intervals a sample's weight takes to fall by a factor of e. Fewer read an
    /// accelerating hand more closely but follow timing jitter: at 125 Hz with 6 ms, event times
    /// up to 4 ms late stashed one fast sideways fling in twenty, and with 10 ms one in ten
    /// thousand.
    public static let decayIntervals = 1.5

    /// The weight decay for a device reporting every `interval` seconds.
    public static func decay(forInterval interval: Double) -> Double {
        min(decayLimits.upperBound, max(decayLimits.lowerBound, decayIntervals * interval))
    }

    /// The velocity in px/s at release `time`, from `samples` in time order.
    ///
    /// Zero when the newest sample is more than ``stoppedTime`` older than `time`, or when
    /// fewer than two samples with distinct times lie within ``horizon`` of the newest.
    ///
    /// - Complexity: O(n) in the number of samples.
    public static func velocity(samples: [PointerSample], at time: Double) -> Vector {
        guard let newest = samples.last, time - newest.time <= stoppedTime else { return .zero }
        let recent = samples.filter { $0.time >= newest.time - horizon && $0.time <= newest.time }
        guard let oldest = recent.first, recent.count > 1 else { return .zero }
        let decay = decay(forInterval: (newest.time - oldest.time) / Double(recent.count - 1))
        var sums = (w: 0.0, t: 0.0, tt: 0.0, x: 0.0, tx: 0.0, y: 0.0, ty: 0.0)
        for sample in recent {
            let t = sample.time - newest.time
            let w = Foundation.exp(t / decay)
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
