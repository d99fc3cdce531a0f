import Rooms

/// Why a source cannot be played or captured, as data: AppCore words it for the user.
public enum PlaybackError: Error, Sendable, Hashable {
    /// The source string is refused by the one source parser (R3, D5): `concat:`, an unknown
    /// scheme, `lavfi:movie=...`, an empty graph, a device path that is not a device.
    case refusedSource(SourceSpecError)
    /// Opening the source failed; the reason is FFmpeg's message.
    case openFailed(String)
    /// Opening the desktop's sound input (a `pulse:` or `alsa:` source) failed; the reason is FFmpeg's message.
    case soundInputFailed(SourceSpec, reason: String)
    /// A stream's decoder cannot be created (an unsupported codec): which stream (`video`,
    /// `audio`), its codec's name, and FFmpeg's message.
    case decoderFailed(stream: String, codec: String, reason: String)
    /// The source has neither a video nor an audio stream that can be decoded.
    case noPlayableStream
    /// Reading or decoding failed mid-stream; the reason is FFmpeg's message.
    case streamFailed(String)
    /// The source ended before a single picture or sound was decoded.
    case nothingDecoded
    /// A capture source ended while it was being broadcast.
    case captureEnded
}
