/// What a playback session is doing, as shown in the room's view (W5).
public enum PlaybackStatus: Sendable, Equatable {
    /// Opening the source.
    case connecting
    /// Opened; filling the buffers before the clock starts (percent of the audio buffer when known).
    case buffering(percent: Int?)
    /// Frames and sound are flowing.
    case playing
    /// A live source failed or ended; the next try starts in `nextTryIn` seconds (D4).
    case reconnecting(attempt: Int, nextTryIn: Double)
    /// A non-live source played to its end.
    case ended
    /// The source cannot be played; the message is for the user.
    case failed(String)

    /// True for the states a session never leaves on its own.
    public var isFinal: Bool {
        switch self {
        case .ended, .failed: return true
        case .connecting, .buffering, .playing, .reconnecting: return false
        }
    }
}
