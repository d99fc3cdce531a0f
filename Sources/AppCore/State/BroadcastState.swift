import LiveDirectory
import Localization
import Rooms

/// A host room's real broadcast (W2, W6): which room is live and its publisher's last figures.
public struct BroadcastState: Equatable, Sendable {
    /// The host room that broadcasts.
    public var room: RoomID
    /// The figures last polled from the publisher.
    public var report: BroadcastReport

    /// Creates the state of a broadcast that has just been asked to start.
    public init(room: RoomID, report: BroadcastReport = BroadcastReport()) {
        self.room = room
        self.report = report
    }
}

/// A publisher's figures as the host view shows them.
public struct BroadcastReport: Equatable, Sendable {
    /// What the publisher does.
    public enum Phase: Equatable, Sendable {
        case connecting, live
        case reconnecting(attempt: Int, nextTryIn: Double)
        case failed(BroadcastFailure)
        case stopped

        /// The phase's name in the stats log: `reconnecting(2)` counts tries, not seconds.
        public var label: String {
            switch self {
            case .connecting: "connecting"
            case .live: "live"
            case .reconnecting(let attempt, _): "reconnecting(\(attempt))"
            case .failed: "failed"
            case .stopped: "stopped"
            }
        }
    }

    /// What the publisher does.
    public var phase: Phase
    /// Seconds the current connection has been live.
    public var liveSeconds: Double
    /// Bits per second sent lately.
    public var bitsPerSecond: Double
    /// Captured pictures dropped because encoding or sending fell behind.
    public var droppedFrames: Int

    /// Creates a report; by default the one of a broadcast that is connecting.
    public init(phase: Phase = .connecting, liveSeconds: Double = 0, bitsPerSecond: Double = 0, droppedFrames: Int = 0) {
        self.phase = phase
        self.liveSeconds = liveSeconds
        self.bitsPerSecond = bitsPerSecond
        self.droppedFrames = droppedFrames
    }

    /// The host view's status line, e.g. `LIVE 1:05 · 2.4 Mb/s · 0 dropped` or `Reconnecting 2…`.
    public var line: String {
        switch phase {
        case .connecting: return tr("Going live…")
        case .live:
            let rate = (bitsPerSecond / 100_000).rounded() / 10
            // TRANSLATORS: the host's broadcast line: time live, bitrate in Mb/s, dropped frames.
            return trn("LIVE %2$s · %3$s Mb/s · %1$d dropped", "LIVE %2$s · %3$s Mb/s · %1$d dropped", droppedFrames,
                       DirectoryStream.clock(liveSeconds), rate)
        case .reconnecting(let attempt, let wait):
            // TRANSLATORS: the host's broadcast line while it reconnects: attempt, seconds to the next try, dropped frames.
            return trn("Reconnecting %2$d (next try in %3$d s) · %1$d dropped", "Reconnecting %2$d (next try in %3$d s) · %1$d dropped",
                       droppedFrames, attempt, Int(wait.rounded(.up)))
        case .failed(let failure): return tr("Broadcast error: %s", failure.words)
        case .stopped: return tr("Broadcast ended")
        }
    }
}
