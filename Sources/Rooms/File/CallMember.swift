/// One participant stream of a call (R5): the participant's name and the tag that keeps two
/// people of the same name apart. The app adds a short random tag to its stream's name on each
/// join (`standup~Ada-k3f9`); a stream published without one (the `ffmpeg` CLI's) has none.
public struct CallMember: Hashable, Sendable, CustomStringConvertible {
    /// The longest tag a stream name may carry.
    public static let maximumTagLength = 8

    /// The name shown on the participant's tile.
    public var name: String
    /// The join's tag: ASCII letters and digits, at most ``maximumTagLength``; empty for none.
    public var tag: String

    /// A member named `name` with `tag` (empty for a stream without one).
    public init(name: String, tag: String = "") {
        self.name = name
        self.tag = tag
    }

    /// The stream-name form: the encoded name (``ParticipantName``), then `-` and the tag when
    /// there is one (`-` is never part of an encoded name).
    public var encoded: String {
        ParticipantName.encode(name) + (tag.isEmpty ? "" : "-" + tag)
    }

    /// The member whose stream-name form is `encoded`, or nil when it is no member's form.
    public init?(encoded: String) {
        var namePart = Substring(encoded), tag = ""
        if let dash = encoded.lastIndex(of: "-") {
            namePart = encoded[..<dash]
            tag = String(encoded[encoded.index(after: dash)...])
            guard Self.isValidTag(tag), !tag.isEmpty else { return nil }
        }
        guard let name = ParticipantName.decode(String(namePart)), !name.isEmpty else { return nil }
        self.init(name: name, tag: tag)
    }

    /// The name, and the tag after it when there is one (for logs).
    public var description: String { tag.isEmpty ? name : "\(name) (\(tag))" }

    /// Whether `tag` can be a member's tag: ASCII letters and digits, at most ``maximumTagLength``.
    public static func isValidTag(_ tag: String) -> Bool {
        tag.count <= maximumTagLength && tag.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}
