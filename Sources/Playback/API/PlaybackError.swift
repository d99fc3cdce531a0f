import Localization
import Rooms

/// Why a source cannot be played, worded for the user.
public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source string is refused by the one source parser (R3, D5): `concat:`, an unknown
    /// scheme, `lavfi:movie=...`, an empty graph, a device path that is not a device.
    case refusedSource(SourceSpecError)
    /// Opening the source failed; the reason is FFmpeg's message.
    case openFailed(String)
    /// A stream's decoder cannot be created (an unsupported codec); the reason names the stream.
    case decoderFailed(String)
    /// The source has neither a video nor an audio stream that can be decoded.
    case noPlayableStream
    /// Reading or decoding failed mid-stream; the reason is FFmpeg's message.
    case streamFailed(String)

    /// The text shown in the view's error state.
    public var message: String {
        switch self {
        case .refusedSource(let why): return tr("Cannot play this source: %s", why)
        case .decoderFailed(let why): return tr("Cannot decode the source: %s", why)
        case .openFailed(let why): return tr("Cannot open the source: %s", why)
        case .noPlayableStream: return tr("The source has no playable video or audio")
        case .streamFailed(let why): return tr("Playback failed: %s", why)
        }
    }

    public var description: String { message }
}
