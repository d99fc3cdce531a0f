import EngineTerms
import Localization

extension BroadcastFailure {
    /// The sentence the host view shows: what failed (the source, its capture, the server), and why.
    public var words: String {
        switch self {
        case .capture(.refusedSource(let why)): tr("Cannot broadcast this source: %s", why.words)
        case .capture(.noPlayableStream): tr("The source has no video or audio to broadcast")
        case .capture(let why): tr("Cannot capture the source: %s", why.detail)
        case .server(let url, let reason): tr("Cannot broadcast to %1$s: %2$s", url, reason)
        }
    }
}
