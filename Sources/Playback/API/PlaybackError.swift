/// Why a source cannot be played, worded for the user.
public enum PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source uses a protocol FFmpeg has but FloatApp does not allow (D5), e.g. `concat:`.
    case refusedProtocol(String)
    /// The source starts with a scheme nobody knows.
    case unknownScheme(String)
    /// The source string is malformed (an empty graph, a device path that is not a device).
    case invalidSource(String)
    /// Opening the source failed; the reason is FFmpeg's message.
    case openFailed(String)
    /// The source has neither a video nor an audio stream that can be decoded.
    case noPlayableStream
    /// Reading or decoding failed mid-stream; the reason is FFmpeg's message.
    case streamFailed(String)

    /// The text shown in the view's error state.
    public var message: String {
        switch self {
        case .refusedProtocol(let name): return "The protocol '\(name)' is not allowed"
        case .unknownScheme(let name): return "Unknown source type '\(name):'"
        case .invalidSource(let why): return "Invalid source: \(why)"
        case .openFailed(let why): return "Cannot open the source: \(why)"
        case .noPlayableStream: return "The source has no playable video or audio"
        case .streamFailed(let why): return "Playback failed: \(why)"
        }
    }

    public var description: String { message }
}

/// How much FFmpeg itself prints on stderr.
public enum PlaybackLogLevel: Sendable {
    case quiet, error, warning, info, debug

    /// Applies the level to the FFmpeg libraries (process-wide).
    public func apply() { FFmpegRuntime.setLogLevel(self) }
}
