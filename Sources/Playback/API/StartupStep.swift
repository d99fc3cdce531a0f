import Foundation

/// A step of a player's first connection, stamped once on the system's monotonic clock, so the
/// `--stats` log can show where a cold start's time goes (`bench/coldstart.py`).
public enum StartupStep: String, Sendable, CaseIterable {
    /// The worker began opening the source.
    case opening
    /// The source is open: connected, its header read.
    case opened
    /// Its streams' parameters are known (FFmpeg's stream info).
    case probed
    /// The first video key frame was read.
    case key
    /// The first picture was decoded and queued for presentation.
    case decoded
}

/// The steps a player reached, each with its time (`DispatchTime` nanoseconds), taken once.
struct StartupStamps {
    private var reached: Set<StartupStep> = []
    private var untaken: [(step: StartupStep, nanos: UInt64)] = []

    /// Stamps `step` now, unless it was stamped before.
    mutating func stamp(_ step: StartupStep) {
        guard reached.insert(step).inserted else { return }
        untaken.append((step, DispatchTime.now().uptimeNanoseconds))
    }

    /// The stamps not taken yet, oldest first.
    mutating func take() -> [(step: StartupStep, nanos: UInt64)] {
        defer { untaken.removeAll() }
        return untaken
    }
}
