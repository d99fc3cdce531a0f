import EngineTerms
import Localization
import Session

extension PlaybackError {
    /// The sentence a room's view shows when its source cannot be played (W5).
    public var words: String {
        switch self {
        case .refusedSource(let why): tr("Cannot play this source: %s", why.words)
        case .decoderFailed: tr("Cannot decode the source: %s", detail)
        case .openFailed, .soundInputFailed: tr("Cannot open the source: %s", detail)
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
        case .soundInputFailed(.pulse(let source), let reason):
            tr("cannot record from the sound source \"%1$s\" (%2$s): is PulseAudio or PipeWire running, and does \"pactl list short sources\" list it?",
               source, reason)
        case .soundInputFailed(.alsa(let device), let reason):
            tr("cannot record from the ALSA device \"%1$s\" (%2$s): does \"arecord -L\" list it?", device, reason)
        case .soundInputFailed(_, let reason): reason
        case .decoderFailed(let stream, let codec, let reason): "the \(stream) stream (\(codec)): \(reason)"
        case .noPlayableStream: tr("The source has no playable video or audio")
        case .nothingDecoded: "nothing could be decoded"
        case .captureEnded: "the capture ended"
        }
    }
}
