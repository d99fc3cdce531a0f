import Localization

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

    private var schemes: [String] {
        switch self {
        case .stats: ["http", "https"]
        case .play: ["rtmp", "http", "https", "hls+http", "hls+https"]
        case .publish, .roomPublish: ["rtmp"]
        }
    }

    private var needsPlaceholder: Bool { self == .play || self == .publish }

    /// Why `text` is not a URL of this kind, or nil when it is one.
    func problem(with text: String) -> String? {
        let placeholder = StreamURLTemplate.placeholder
        if self == .stats, text.contains(placeholder) {
            return tr("the statistics URL takes no %s", placeholder)
        }
        if needsPlaceholder, !text.contains(placeholder) {
            return tr("missing %1$s in %2$s (the stream's name goes there)", placeholder, Self.quoted(text))
        }
        let sample = text.replacingEvery(placeholder, with: "x")
        if sample.contains("{") || sample.contains("}") {
            return tr("unknown placeholder in %1$s (only %2$s is replaced)", Self.quoted(text), placeholder)
        }
        if let bad = sample.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            return tr("a URL has no spaces or control characters, found U+%s", String(bad.value, radix: 16, uppercase: true))
        }
        let allowed = schemes.map { $0 + "://" }
        guard let scheme = schemes.first(where: { sample.lowercased().hasPrefix($0 + "://") }) else {
            return tr("expected a URL starting with %1$s, found %2$s", allowed.joined(separator: ", "), Self.quoted(text))
        }
        let authority = sample.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { $0.split(separator: ":").first ?? "" } ?? ""
        guard !host.isEmpty else {
            return tr("%1$s has no host after \"%2$s://\"", Self.quoted(text), scheme)
        }
        return nil
    }

    private static func quoted(_ text: String) -> String { RoomsFileDecoder.quoted(text) }
}
