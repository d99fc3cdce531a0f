import Foundation

/// A pointer gesture as a hand makes it: a press, motion reports at the device's rate, and a
/// release some milliseconds after the last report, with no motion at the release.
///
/// Any generator of gestures can hand its traces to `TestDesktop.replay(_:)`.
struct PointerTrace: CustomStringConvertible {
    /// One motion report: where the pointer is, `time` seconds after the press.
    struct Sample: Equatable {
        var time: TimeInterval
        var point: DesktopPoint
    }

    /// Where the button goes down.
    var press: DesktopPoint
    /// Motion reports after the press, in time order.
    var samples: [Sample]
    /// Seconds between the last motion report and the release.
    var releaseDelay: TimeInterval
    /// What made the trace, for failure messages (speeds, angle, seed...).
    var note: String = ""

    /// Where the button comes up: the last reported point.
    var release: DesktopPoint { samples.last?.point ?? press }
    /// Seconds from press to release.
    var duration: TimeInterval { (samples.last?.time ?? 0) + releaseDelay }

    /// Speed in px/s between the last two motion reports (0 with fewer than two).
    var finalSpeed: Double {
        guard samples.count >= 2 else { return 0 }
        let last = samples[samples.count - 1]
        let before = samples[samples.count - 2]
        let dx = Double(last.point.x - before.point.x)
        let dy = Double(last.point.y - before.point.y)
        return (dx * dx + dy * dy).squareRoot() / (last.time - before.time)
    }

    var description: String {
        "press \(press), \(samples.count) reports over \(String(format: "%.0f", duration * 1000)) ms,"
            + " release \(release) \(String(format: "%.0f", releaseDelay * 1000)) ms after the last report,"
            + " final speed \(String(format: "%.0f", finalSpeed)) px/s \(note)"
    }
}

