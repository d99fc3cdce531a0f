import Localization
import Rooms
import Session

/// Why a broadcast gave up, in the app's terms; ``words`` is the one place it is said.
public enum BroadcastFailure: Equatable, Sendable {
    /// The source string is refused (not a device, a scheme FloatApp does not take).
    case refusedSource(SourceSpecError)
    /// The source could not be opened, decoded or read, and why.
    case captureFailed(PlaybackError)
    /// The source has neither video nor audio.
    case nothingToCapture
    /// Every connection to the server at `url` failed; the reason is the last one's.
    case serverFailed(url: String, reason: String)

    /// The sentence the host view shows.
    public var words: String {
        switch self {
        case .refusedSource(let why): tr("Cannot broadcast this source: %s", why.words)
        case .captureFailed(let why): tr("Cannot capture the source: %s", why.detail)
        case .nothingToCapture: tr("The source has no video or audio to broadcast")
        case .serverFailed(let url, let reason): tr("Cannot broadcast to %1$s: %2$s", url, reason)
        }
    }
}
