/// Where a room's media comes from, as written in the rooms file (R3).
///
/// A source is an FFmpeg URL over an allowed protocol, a file path, a synthetic
/// `lavfi:` filter graph, a `v4l2:` camera, an `x11grab:` screen, or the desktop's sound input
/// (`pulse:` a PulseAudio or PipeWire source, `alsa:` an ALSA capture device).
public enum SourceSpec: Hashable, Sendable {
    /// A network or compound URL, e.g. `https://host/live.m3u8` or `hls+https://...`.
    case url(String)
    /// A local file, from a plain path or a `file:` URL (the path without the scheme).
    case file(path: String)
    /// A synthetic lavfi filter graph (the text after `lavfi:`).
    case lavfi(graph: String)
    /// A Video4Linux2 camera device such as `/dev/video0`.
    case v4l2(device: String)
    /// An X11 screen such as `:0.0` or `:0.0+100,200`.
    case x11grab(display: String)
    /// A PulseAudio source (PipeWire's pulse server too) such as `default` (the server's
    /// default source) or `alsa_input.pci-0000_00_1f.3.analog-stereo`.
    case pulse(source: String)
    /// An ALSA capture device such as `default`, `hw:0` or `plughw:CARD=PCH,DEV=0`.
    case alsa(device: String)

    /// The protocols a URL may use (D5); `hls` wraps another one as `hls+https://`.
    public static let networkSchemes: Set<String> = ["http", "https", "tcp", "tls", "udp", "rtp", "rtsp", "rtmp", "srt"]

    /// Schemes that wrap another allowed protocol (`hls+http://...`, `hls+file:...`).
    public static let wrapperSchemes: Set<String> = ["hls"]

    /// The longest sound source or device name accepted (PulseAudio's own limit on names).
    public static let maximumSoundNameLength = 128

    /// The lavfi filters that open files or URLs themselves, outside the protocol list (D5).
    public static let openingFilters: Set<String> = ["movie", "amovie"]

    /// Reads a source string, or says why it is not allowed. The one parser of sources: the
    /// rooms-file check and playback both use it, so a source passes both or neither.
    public static func parse(_ text: String) throws(SourceSpecError) -> SourceSpec {
        guard !text.isEmpty else { throw .empty }
        guard let colon = text.firstIndex(of: ":"), let scheme = Self.scheme(before: colon, in: text) else {
            return .file(path: text)
        }
        let rest = String(text[text.index(after: colon)...])
        switch scheme {
        case "lavfi":
            return try Self.checkGraph(rest)
        case "v4l2":
            guard rest.hasPrefix("/dev/"), rest.count > "/dev/".count else { throw .badDevice(rest) }
            return .v4l2(device: rest)
        case "x11grab":
            guard Self.isDisplayName(rest) else { throw .badDisplay(rest) }
            return .x11grab(display: rest)
        case "pulse":
            guard Self.isPulseName(rest) else { throw .badPulseSource(rest) }
            return .pulse(source: rest)
        case "alsa":
            guard Self.isALSAName(rest) else { throw .badALSADevice(rest) }
            return .alsa(device: rest)
        case "file":
            let path = rest.hasPrefix("//") ? String(rest.dropFirst(2)) : rest
            guard !path.isEmpty else { throw .emptyPath }
            return .file(path: path)
        default:
            return try Self.checkURL(text, scheme: scheme, rest: rest)
        }
    }

    /// The text to hand to FFmpeg's `avformat_open_input` (with the device chosen separately for devices).
    public var text: String {
        switch self {
        case .url(let url): url
        case .file(let path): path
        case .lavfi(let graph): "lavfi:" + graph
        case .v4l2(let device): "v4l2:" + device
        case .x11grab(let display): "x11grab:" + display
        case .pulse(let source): "pulse:" + source
        case .alsa(let device): "alsa:" + device
        }
    }

    /// True for the desktop's sound input (`pulse:`, `alsa:`): a source with sound and no picture.
    public var isSoundDevice: Bool {
        switch self {
        case .pulse, .alsa: true
        case .url, .file, .lavfi, .v4l2, .x11grab: false
        }
    }

    /// The scheme before the first colon, lowercased, if the prefix is a URL scheme
    /// (a letter then letters, digits, `+`, `-`, `.`); a path like `./a:b` has none.
    static func scheme(before colon: String.Index, in text: String) -> String? {
        let scalars = text[..<colon].unicodeScalars
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        func isSchemeScalar(_ scalar: Unicode.Scalar) -> Bool {
            isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
        }
        guard let first = scalars.first, isLetter(first), scalars.allSatisfy(isSchemeScalar) else { return nil }
        return String(scalars).lowercased()
    }

    private static func checkGraph(_ graph: String) throws(SourceSpecError) -> SourceSpec {
        guard !graph.allSatisfy(\.isWhitespace) else { throw .emptyGraph }
        if let opener = filterNames(in: graph).first(where: openingFilters.contains) {
            throw .openingFilter(opener)
        }
        return .lavfi(graph: graph)
    }

    /// The name of every filter in a graph, link labels and instance names stripped. A comma
    /// inside an argument splits too: that can only find more names, so nothing slips through.
    private static func filterNames(in graph: String) -> [String] {
        graph.split(whereSeparator: { $0 == ";" || $0 == "," }).map { filter in
            var rest = filter.drop(while: \.isWhitespace)
            while rest.first == "[", let close = rest.firstIndex(of: "]") {
                rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
            }
            return String(rest.prefix(while: { !"=@[ \t\n".contains($0) })).lowercased()
        }
    }

    private static func checkURL(_ text: String, scheme: String, rest: String) throws(SourceSpecError) -> SourceSpec {
        let parts = scheme.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let inner = parts.last ?? scheme
        if parts.dropLast().contains("crypto") { throw .cryptoNeedsKey }
        let wrappersAllowed = parts.dropLast().allSatisfy { wrapperSchemes.contains($0) }
        guard wrappersAllowed, networkSchemes.contains(inner) || (parts.count > 1 && inner == "file") else {
            throw .unsupportedScheme(scheme)
        }
        if inner == "file" {
            guard !rest.isEmpty else { throw .emptyPath }
            return .url(text)
        }
        guard rest.hasPrefix("//"), rest.count > 2 else { throw .missingHost(scheme) }
        return .url(text)
    }

    /// A sound server's source name: 1 to ``maximumSoundNameLength`` characters, no control
    /// characters, no space at either end. PulseAudio's own names are letters, digits and `._-`;
    /// PipeWire's pulse server lists its nodes by theirs, which may hold spaces or `:`.
    private static func isPulseName(_ text: String) -> Bool {
        (1...maximumSoundNameLength).contains(text.count)
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
            && text.first?.isWhitespace == false && text.last?.isWhitespace == false
    }

    /// An ALSA device name: 1 to ``maximumSoundNameLength`` ASCII letters, digits and `._-:,=@`
    /// (`hw:0,0`, `plughw:CARD=PCH,DEV=0`).
    private static func isALSAName(_ text: String) -> Bool {
        (1...maximumSoundNameLength).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-:,=@".contains($0)) }
    }

    /// An X display name: optional host, `:`, display number, optional `.screen`, optional `+x,y` offset.
    private static func isDisplayName(_ text: String) -> Bool {
        guard let colon = text.lastIndex(of: ":") else { return false }
        var rest = Substring(text[text.index(after: colon)...])
        if let plus = rest.firstIndex(of: "+") {
            let offset = rest[rest.index(after: plus)...].split(separator: ",", omittingEmptySubsequences: false)
            guard offset.count == 2, offset.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return false }
            rest = rest[..<plus]
        }
        let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(numbers.count) && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
    }
}

extension Character {
    /// True for the ASCII digits 0-9 only.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
