/// A live streaming server whose live streams become rooms (R2, W8): the rooms file's `servers`.
public struct LiveServer: Identifiable, Hashable, Sendable {
    /// The server's identifier, unique among servers (`[A-Za-z0-9_-]{1,64}`).
    public var id: String
    /// The title of the server's section in the room list.
    public var title: String
    /// The HTTP(S) address of the server's statistics page (nginx-rtmp's `rtmp_stat`).
    public var stats: String
    /// Where a live stream plays from.
    public var play: StreamURLTemplate
    /// Where a host publishes to, when the server takes broadcasts.
    public var publish: StreamURLTemplate?
    /// Where call participants publish and play, when the server holds calls (R5).
    public var calls: CallURLTemplate?

    /// Creates a server entry.
    public init(id: String, title: String, stats: String, play: StreamURLTemplate, publish: StreamURLTemplate? = nil,
                calls: CallURLTemplate? = nil) {
        self.id = id
        self.title = title
        self.stats = stats
        self.play = play
        self.publish = publish
        self.calls = calls
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
