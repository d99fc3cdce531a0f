import Playback
import Session

/// Why a broadcast gave up, as data: the app words it for the user.
public enum PublishFailure: Error, Sendable, Equatable {
    /// The capture source could not be opened or read.
    case capture(PlaybackError)
    /// Every connection to the server at `url` failed; `reason` is FFmpeg's message for the last.
    case server(url: String, reason: String)
}
