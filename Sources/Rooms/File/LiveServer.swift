/// A live streaming server whose live streams become rooms (R2, W8): the rooms file's `servers`.
/// An nginx-rtmp server lists its streams and RTMP calls; a Janus server (R8) its VideoRoom calls.
public struct LiveServer: Identifiable, Hashable, Sendable {
    /// What runs on a server.
    public enum Kind: Hashable, Sendable {
        /// nginx with the RTMP module: live streams, calls of RTMP streams, a statistics page.
        case nginxRTMP
        /// Janus: WebRTC calls in its VideoRoom plugin, browsers included (R8).
        case janus
    }

    /// The server's identifier, unique among servers (`[A-Za-z0-9_-]{1,64}`).
    public var id: String
    /// The title of the server's section in the room list.
    public var title: String
    /// What runs on the server.
    public var kind: Kind
    /// Where the server's listing is read: nginx-rtmp's statistics page (`rtmp_stat`), or a
    /// Janus server's API (`http://host:8088/janus` or `ws://host:8188`).
    public var stats: String
    /// Where a live stream plays from.
    public var play: StreamURLTemplate
    /// Where a host publishes to, when the server takes broadcasts.
    public var publish: StreamURLTemplate?
    /// Where call participants publish and play, when the server holds calls (R5).
    public var calls: CallURLTemplate?

    /// Creates a server entry.
    public init(id: String, title: String, stats: String, play: StreamURLTemplate, publish: StreamURLTemplate? = nil,
                calls: CallURLTemplate? = nil, kind: Kind = .nginxRTMP) {
        self.id = id
        self.title = title
        self.kind = kind
        self.stats = stats
        self.play = play
        self.publish = publish
        self.calls = calls
    }
}

extension LiveServer {
    /// A Janus server at API address `api` (R8): it holds calls, one per VideoRoom room, and no
    /// live streams. Its participants are named by ``janusCallsTemplate(api:)``.
    public static func janus(id: String, title: String, api: String) -> LiveServer {
        LiveServer(id: id, title: title, stats: api, play: StreamURLTemplate(""),
                   calls: CallURLTemplate(janusCallsTemplate(api: api)), kind: .janus)
    }

    /// The Janus API address of a Janus server, nil for another server.
    public var janusAPI: String? { kind == .janus ? stats : nil }

    /// The names a Janus server's participants go by in the list, as an nginx server's call
    /// streams do: `<api>/videoroom/{room}~{participant}`, `{room}` the VideoRoom number and the
    /// participant its display name with its feed's tag (``JanusFeedTag``).
    public static func janusCallsTemplate(api: String) -> String {
        var base = api
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/videoroom/" + CallURLTemplate.roomPlaceholder + "~" + CallURLTemplate.participantPlaceholder
    }
}

/// The tag a Janus participant's feed id gives its member in the list (``CallMember/tag``):
/// its last 8 base-36 digits, so two participants of the same display name stay two.
public enum JanusFeedTag {
    /// The tag of feed `feed`.
    public static func tag(of feed: UInt64) -> String {
        String(String(feed, radix: 36).suffix(CallMember.maximumTagLength))
    }
}

/// A URL with a `{stream}` placeholder, e.g. `rtmp://host/live/{stream}` (R2).
public struct StreamURLTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The placeholder a stream's name replaces.
    public static let placeholder = "{stream}"

    /// The template as written.
    public var text: String

    /// Wraps a template's text; ``RoomsFile`` checks it before it gets here.
    public init(_ text: String) {
        self.text = text
    }

    /// The URL of one stream: the placeholder replaced by the percent-encoded stream name.
    public func url(forStream name: String) -> String {
        text.replacingEvery(Self.placeholder, with: Self.percentEncoded(name))
    }

    /// The template as written.
    public var description: String { text }

    /// Keeps RFC 3986's unreserved characters and escapes every other byte of the UTF-8 name.
    static func percentEncoded(_ name: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
            if unreserved {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return result
    }
}

extension String {
    /// This text with every occurrence of `target` replaced (no Foundation needed).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
