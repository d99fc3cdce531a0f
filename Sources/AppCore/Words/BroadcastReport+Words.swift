import EngineTerms
import LiveDirectory
import Localization

extension BroadcastReport {
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
