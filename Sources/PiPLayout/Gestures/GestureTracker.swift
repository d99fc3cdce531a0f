/// Turns timestamped press, move and release events into taps, drags and release velocities.
///
/// A press followed by moves that stay within ``slop`` of the press point is a tap; leaving
/// the slop starts a drag. Two taps whose presses are at most ``doubleClickInterval`` apart
/// and within ``doubleClickDistance`` make a double-click.
///
/// Times are the events' own (seconds, one monotonic clock); the release velocity follows
/// ``VelocityEstimator``'s rules. The release adds a sample only when it moved, since a real
/// button goes up after the pointer stopped reporting motion. Bursts are tolerated: a sample
/// at the time of the previous one replaces it, an older one only moves the pointer, and a
/// pause longer than ``VelocityEstimator/stoppedTime`` forgets the motion before it.
public struct GestureTracker: Sendable, Equatable {
    /// Distance (px) the pointer must exceed to start a drag.
    public static let slop = 4.0
    /// Longest time (s) between the presses of a double-click.
    public static let doubleClickInterval = 0.5
    /// Largest distance (px) between the presses of a double-click.
    public static let doubleClickDistance = 4.0
    /// Samples kept at most, so a very fast pointer cannot grow the buffer without end.
    static let sampleLimit = 256

    /// The current phase.
    public private(set) var phase: GesturePhase = .idle
    private var press: PointerSample?
    private var samples: [PointerSample] = []
    private var previousTap: PointerSample?

    /// Creates an idle tracker.
    public init() {}

    /// Records a button press.
    public mutating func press(at point: Point, time: Double) {
        let sample = PointerSample(point: point, time: time)
        press = sample
        samples = [sample]
        phase = .pressed
    }

    /// Records a pointer move; returns the phase after it (moves without a press are ignored).
    @discardableResult
    public mutating func move(to point: Point, time: Double) -> GesturePhase {
        guard let press else { return phase }
        record(PointerSample(point: point, time: time))
        if phase == .pressed, point.distance(to: press.point) > Self.slop {
            phase = .dragging
        }
        return phase
    }

    /// Records the release and classifies the gesture; `nil` when no press was seen.
    public mutating func release(at point: Point, time: Double) -> GestureRelease? {
        guard let press else { return nil }
        if point != samples.last?.point {
            move(to: point, time: time)
        }
        let result: GestureRelease
        if phase == .dragging {
            result = .drag(velocity: VelocityEstimator.velocity(samples: samples, at: time))
            previousTap = nil
        } else {
            let isDouble = previousTap.map {
                press.time - $0.time <= Self.doubleClickInterval
                    && press.time >= $0.time
                    && press.point.distance(to: $0.point) <= Self.doubleClickDistance
            } ?? false
            result = .tap(clickCount: isDouble ? 2 : 1)
            previousTap = isDouble ? nil : press
        }
        self.press = nil
        samples = []
        phase = .idle
        return result
    }

    /// Forgets the press in progress (a cancelled drag): the release that follows is ignored.
    public mutating func cancel() {
        press = nil
        samples = []
        previousTap = nil
        phase = .idle
    }

    private mutating func record(_ sample: PointerSample) {
        guard let last = samples.last else {
            samples = [sample]
            return
        }
        if sample.time < last.time { return }
        if sample.time == last.time {
            samples[samples.count - 1] = sample
            return
        }
        if sample.time - last.time > VelocityEstimator.stoppedTime {
            samples = [sample]
            return
        }
        samples.append(sample)
        let oldest = sample.time - VelocityEstimator.horizon
        if samples.count > Self.sampleLimit || samples.first.map({ $0.time < oldest }) == true {
            samples.removeAll { $0.time < oldest }
            if samples.count > Self.sampleLimit {
                samples.removeFirst(samples.count - Self.sampleLimit)
            }
        }
    }
}
