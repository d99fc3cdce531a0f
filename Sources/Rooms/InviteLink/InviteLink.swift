/// A `floatapp://` invite link (W13): a live room by its playable network URL, or a call by
/// its server's URLs and its name. Links carry network addresses only.
///
/// ```text
/// floatapp://live?title=Evening%20news&url=https%3A%2F%2Ftv.example%2Fnews.m3u8
/// floatapp://call?room=standup&title=Stand-up&server=local&server-title=Local&stats=...&play=...&calls=...
/// ```
///
/// Each field is `name=value` after `?`, joined by `&`, in any order, each once; values are
/// percent-encoded UTF-8 (``text`` encodes every byte outside `A-Z a-z 0-9 - . _ ~`) and
/// decoded once (a `+` is a plus). A link is at most ``maximumLength`` bytes.
public enum InviteLink: Hashable, Sendable {
    /// A live room: its title and its network URL (one of ``networkSchemes``).
    case live(title: String, url: String)
    /// A call on a server: the call's room id (the `{room}` of the server's `calls`
    /// template), its title, and the server (id, title, `stats`, `play` and `calls` URLs; no
    /// `publish`).
    case call(room: RoomID, title: String, server: LiveServer)

    /// The link's scheme, registered as `x-scheme-handler/floatapp`.
    public static let scheme = "floatapp"
    /// The longest link read or written: 8 KiB, room for a signed stream URL with its token.
    public static let maximumLength = 8_192
    /// The schemes a live link's URL may use: the network protocols FloatApp opens (D5) that
    /// a person can share. `rtmps` is not among them: FloatApp does not open it (D5).
    public static let networkSchemes: [String] = ["http", "https", "hls+http", "hls+https", "rtmp", "rtsp", "srt", "udp"]

    /// The fields of each kind of link, in the order ``text`` writes them.
    static func fields(of kind: String) -> [String] {
        kind == "live" ? ["title", "url"] : ["room", "title", "server", "server-title", "stats", "play", "calls"]
    }

    /// The link.
    public var text: String {
        switch self {
        case .live(let title, let url):
            Self.link("live", [title, url])
        case .call(let room, let title, let server):
            Self.link("call", [room, title, server.id, server.title, server.stats, server.play.text, server.calls?.text ?? ""])
        }
    }

    private static func link(_ kind: String, _ values: [String]) -> String {
        let fields = zip(fields(of: kind), values).map { $0 + "=" + StreamURLTemplate.percentEncoded($1) }
        return scheme + "://" + kind + "?" + fields.joined(separator: "&")
    }
}
