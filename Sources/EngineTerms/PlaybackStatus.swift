/// What a room's playback is doing, as its view shows it (W5): what a source player
/// reports, and what the session model and the views read. The one status type of the app.
public enum PlaybackStatus: Hashable, Sendable {
    /// Not open.
    case idle
    /// Opening the source.
    case connecting
    /// Waiting for data; the percent filled when known.
    case buffering(percent: Int?)
    /// Frames are being presented.
    case playing
    /// The source failed or ended and will be tried again (D4).
    case reconnecting(attempt: Int, retryIn: Double)
    /// The source ended for good.
    case ended
    /// The source cannot be played, and why; the view offers Retry.
    case failed(PlaybackError)

    /// True for the states a source player never leaves on its own: it ended, or it failed
    /// for good (a live source that fails goes to ``reconnecting(attempt:retryIn:)`` instead).
    public var isFinal: Bool {
        switch self {
        case .ended, .failed: true
        case .idle, .connecting, .buffering, .playing, .reconnecting: false
        }
    }

    /// True while the room may enter PiP (M2): connecting, buffering or playing.
    public var allowsPiP: Bool {
        switch self {
        case .connecting, .buffering, .playing: true
        case .idle, .reconnecting, .ended, .failed: false
        }
    }
}
