import Localization
import Session

extension PlaybackError {
    /// The sentence a room's view shows when its source cannot be played (W5).
    public var words: String {
        switch self {
        case .refusedSource(let why): tr("Cannot play this source: %s", why.words)
        case .decoderFailed: tr("Cannot decode the source: %s", detail)
        case .openFailed: tr("Cannot open the source: %s", detail)
        case .noPlayableStream: tr("The source has no playable video or audio")
        case .streamFailed, .nothingDecoded, .captureEnded: tr("Playback failed: %s", detail)
        }
    }

    /// What went wrong, for a sentence that says what could not be done: FFmpeg's message,
    /// the stream and codec that have no decoder, or how the source ended.
    var detail: String {
        switch self {
        case .refusedSource(let why): why.words
        case .openFailed(let reason), .streamFailed(let reason): reason
        case .decoderFailed(let stream, let codec, let reason): "the \(stream) stream (\(codec)): \(reason)"
        case .noPlayableStream: tr("The source has no playable video or audio")
        case .nothingDecoded: "nothing could be decoded"
        case .captureEnded: "the capture ended"
        }
    }
}
