import Localization

/// Why a source string is not one FloatApp can open (R3).
public enum SourceSpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source is an empty string.
    case empty
    /// `lavfi:` with no filter graph after it.
    case emptyGraph
    /// `file:` with no path after it.
    case emptyPath
    /// `v4l2:` not followed by a `/dev/...` device path.
    case badDevice(String)
    /// `x11grab:` not followed by an X display name such as `:0.0`.
    case badDisplay(String)
    /// `pulse:` not followed by a PulseAudio source name.
    case badPulseSource(String)
    /// `alsa:` not followed by an ALSA device name.
    case badALSADevice(String)
    /// A URL scheme outside the allowed list (e.g. `ftp`, `concat`, `subfile`).
    case unsupportedScheme(String)
    /// A network URL without `//host`.
    case missingHost(String)
    /// A `lavfi:` graph with a filter that opens files or URLs itself (`movie`, `amovie`), past D5.
    case openingFilter(String)
    /// A `crypto+` source: it needs a key a source string cannot carry (HLS brings its own keys).
    case cryptoNeedsKey

    /// A sentence for the user.
    public var description: String {
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
