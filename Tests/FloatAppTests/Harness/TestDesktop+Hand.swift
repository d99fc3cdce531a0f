import Foundation

/// Replaying a recorded or generated pointer gesture through XTEST, paced by the real clock.
extension TestDesktop {
    /// How late the replay was against the trace's own times.
    struct ReplayTiming: CustomStringConvertible {
        /// The largest delay of any motion report or the release behind its due time, in seconds.
        var worstLateness: TimeInterval

        var description: String { String(format: "replayed at most %.1f ms late", worstLateness * 1000) }
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
        moveMouse(to: trace.press)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
        press(button)
        let start = Date()
        var worst: TimeInterval = 0
        var lastSent: TimeInterval = 0
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
            worst = max(worst, lastSent - sample.time)
        }
        guard releasing else { return ReplayTiming(worstLateness: worst) }
        wait(until: max(trace.duration, lastSent + trace.releaseDelay))
        release(button)
        worst = max(worst, Date().timeIntervalSince(start) - trace.duration)
        Thread.sleep(forTimeInterval: Self.inputStepPause)
        return ReplayTiming(worstLateness: worst)
    }
}
