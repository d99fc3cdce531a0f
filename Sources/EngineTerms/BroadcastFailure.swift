/// Why a broadcast gave up, as data: the publisher reports it and AppCore words it for the user.
public enum BroadcastFailure: Error, Sendable, Equatable {
    /// The capture source could not be opened or read (a refused source string, a source with
    /// neither video nor audio, a missing sound server among them).
    case capture(PlaybackError)
    /// Every connection to the server at `url` failed; `reason` is FFmpeg's message for the last.
    case server(url: String, reason: String)
}
