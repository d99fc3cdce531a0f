import Localization
import Rooms

extension SourceSpecError {
    /// Why the source is refused, as a clause for a longer sentence.
    public var words: String {
        switch self {
        case .empty:
            tr("empty source")
        case .emptyGraph:
            tr("\"lavfi:\" needs a filter graph after it")
        case .emptyPath:
            tr("\"file:\" needs a path after it")
        case .badDevice(let device):
            tr("\"v4l2:\" needs a device path like /dev/video0, found \"%s\"", device)
        case .badDisplay(let display):
            tr("\"x11grab:\" needs an X display like :0.0, found \"%s\"", display)
        case .badPulseSource(let source):
            tr("\"pulse:\" needs a sound source name like default or alsa_input.pci-0000_00_1f.3.analog-stereo (1 to %1$d characters, no control characters, no space at either end), found \"%2$s\"",
               SourceSpec.maximumSoundNameLength, source)
        case .badALSADevice(let device):
            tr("\"alsa:\" needs an ALSA device name like default or hw:0,0 (letters, digits and . _ - : , = @, at most %1$d), found \"%2$s\"",
               SourceSpec.maximumSoundNameLength, device)
        case .unsupportedScheme(let scheme):
            tr("unsupported source scheme \"%s:\" (allowed: a file path, file:, http://, https://, rtsp://, rtmp://, udp://, srt://, tcp://, tls://, rtp://, hls+..., lavfi:, v4l2:, x11grab:, pulse:, alsa:)",
               scheme)
        case .missingHost(let scheme):
            tr("\"%s:\" source needs \"//\" and a host after the scheme", scheme)
        case .openingFilter(let filter):
            tr("the lavfi filter \"%s\" opens files itself and is not allowed; use the file as the source", filter)
        case .cryptoNeedsKey:
            tr("\"crypto+\" sources need a decryption key, which a source cannot carry; an encrypted HLS playlist (hls+https://...) brings its own keys")
        }
    }
}
