import Foundation

/// Replaying a recorded or generated pointer gesture through XTEST, paced by the real clock.
extension TestDesktop {
    /// How late the replay was against the trace's own times.
    struct ReplayTiming: CustomStringConvertible {
        /// The seconds before the release whose reports the release velocity is fitted to
        /// (the float's velocity estimator looks back 100 ms, weighting the newest most).
        static let tailSpan: TimeInterval = 0.1

        /// The largest delay of any motion report or the release behind its due time, in seconds.
        var worstLateness: TimeInterval
        /// How much the delays of the reports in the last `tailSpan` and of the release differ
        /// (largest minus smallest), in seconds: delays that differ change the spacing of the
        /// server's event times, and so the velocity the float is flung with, while a delay
        /// shared by all of them changes nothing.
        var tailSpread: TimeInterval = 0

        var description: String {
            String(format: "replayed at most %.1f ms late, the last 100 ms within %.1f ms of each other",
                   worstLateness * 1000, tailSpread * 1000)
        }
    }

    /// Moves to the trace's press point, presses, sends every motion report at its time after
    /// the press, and releases the button `releaseDelay` after the last report (no motion with
    /// the release). With `releasing` false the button stays down for the caller to release.
    ///
    /// Each step waits for its own due time, so a late step does not delay the ones after it;
    /// the release keeps at least the trace's own gap after the last report, so a replay that
    /// fell behind (a compositor that took the motion late) does not turn a slow release into a
    /// fling.
    @discardableResult
    func replay(_ trace: PointerTrace, button: MouseButton = .left, releasing: Bool = true) -> ReplayTiming {
        aimMouse(at: trace.press)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
        press(button)
        let start = Date()
        var lastSent: TimeInterval = 0
        var lateness: [(due: TimeInterval, late: TimeInterval)] = []
        func wait(until offset: TimeInterval) {
            let remaining = start.addingTimeInterval(offset).timeIntervalSinceNow
            if remaining > 0 {
                Thread.sleep(forTimeInterval: remaining)
            }
        }
        for sample in trace.samples {
            wait(until: sample.time)
            moveMouse(to: sample.point)
            lastSent = Date().timeIntervalSince(start)
            lateness.append((sample.time, lastSent - sample.time))
        }
        if releasing {
            wait(until: max(trace.duration, lastSent + trace.releaseDelay))
            release(button)
            lateness.append((trace.duration, Date().timeIntervalSince(start) - trace.duration))
            Thread.sleep(forTimeInterval: Self.inputStepPause)
        }
        let end = lateness.last?.due ?? 0
        let tail = lateness.filter { $0.due >= end - ReplayTiming.tailSpan }.map(\.late)
        return ReplayTiming(
            worstLateness: lateness.map(\.late).max() ?? 0, tailSpread: (tail.max() ?? 0) - (tail.min() ?? 0))
    }
}
