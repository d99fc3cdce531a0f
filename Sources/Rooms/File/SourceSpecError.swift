/// Why a source string is not one FloatApp can open (R3), as data: AppCore words it.
public enum SourceSpecError: Error, Hashable, Sendable {
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
}
