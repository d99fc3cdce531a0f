/// The URLs a rooms file names for live servers, and the rules each must follow (R2).
enum ServerURLKind {
    /// A server's statistics page: `http(s)://`, no placeholder.
    case stats
    /// A server's play template: RTMP, HTTP(S) or HLS, with `{stream}`.
    case play
    /// A server's publish template: RTMP, with `{stream}`.
    case publish
    /// A host room's own publish URL: RTMP, `{stream}` optional (the room's id goes there).
    case roomPublish
    /// A server's calls template: RTMP, with `{room}` and `{participant}` (R5).
    case calls
    /// A Janus server's API (R8): `http(s)://` (the HTTP transport's path, `/janus`) or
    /// `ws(s)://` (the WebSocket transport), no placeholder.
    case janus

    private var schemes: [String] {
        switch self {
        case .stats: ["http", "https"]
        case .play: ["rtmp", "http", "https", "hls+http", "hls+https"]
        case .publish, .roomPublish, .calls: ["rtmp"]
        case .janus: ["http", "https", "ws", "wss"]
        }
    }

    private var needsPlaceholder: Bool { self == .play || self == .publish }

    /// Why `text` is not a URL of this kind, or nil when it is one.
    func problem(with text: String) -> ServerURLProblem? {
        let placeholder = StreamURLTemplate.placeholder
        if self == .stats || self == .janus, text.contains(placeholder) {
            return .statsWithPlaceholder
        }
        if needsPlaceholder, !text.contains(placeholder) {
            return .missingPlaceholder(url: text)
        }
        if self == .calls, let problem = CallURLTemplate.problem(with: text) { return problem }
        let sample = self == .calls
            ? text.replacingEvery(CallURLTemplate.roomPlaceholder, with: "x").replacingEvery(CallURLTemplate.participantPlaceholder, with: "x")
            : text.replacingEvery(placeholder, with: "x")
        if sample.contains("{") || sample.contains("}") {
            let known = self == .calls ? [CallURLTemplate.roomPlaceholder, CallURLTemplate.participantPlaceholder] : [placeholder]
            return .unknownPlaceholder(url: text, known: known)
        }
        if let bad = sample.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return .controlCharacter(bad.value)
        }
        guard let scheme = schemes.first(where: { sample.lowercased().hasPrefix($0 + "://") }) else {
            return .wrongScheme(url: text, allowed: schemes.map { $0 + "://" })
        }
        let authority = sample.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { $0.split(separator: ":").first ?? "" } ?? ""
        guard !host.isEmpty else {
            return .noHost(url: text, scheme: scheme)
        }
        return nil
    }
}
