/// A server's `calls` template (R5): an RTMP URL with `{room}` and `{participant}`, e.g.
/// `rtmp://127.0.0.1:1935/call/{room}~{participant}`. Each participant of a call publishes to,
/// and is played from, the URL with the call's room id and the participant's encoded name
/// and join tag (``CallMember``) put in; the server's statistics page lists the stream names, which
/// ``member(ofStream:application:)`` reads back.
public struct CallURLTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The placeholder the call's room id replaces.
    public static let roomPlaceholder = "{room}"
    /// The placeholder the participant's encoded name replaces.
    public static let participantPlaceholder = "{participant}"

    /// The template as written.
    public var text: String

    /// Wraps a template's text; the rooms file checks it (``problem(with:)``) before it gets here.
    public init(_ text: String) {
        self.text = text
    }

    /// The template as written.
    public var description: String { text }

    /// The URL participant `name` of call `room` publishes to and is played from.
    public func url(room: RoomID, participant name: String) -> String {
        url(room: room, member: CallMember(name: name))
    }

    /// The URL `member` of call `room` publishes to and is played from.
    public func url(room: RoomID, member: CallMember) -> String {
        text.replacingEvery(Self.roomPlaceholder, with: room)
            .replacingEvery(Self.participantPlaceholder, with: member.encoded)
    }

    /// The RTMP application the calls live in: the path's first segment (`call`).
    public var application: String {
        Self.parts(of: text)?.application ?? ""
    }

    /// The call and the participant a stream of the server's statistics page stands for, or
    /// nil when the stream is not one of this template's (another application, another shape,
    /// a name that is no participant's encoded name).
    public func member(ofStream stream: String, application: String) -> (room: RoomID, member: CallMember)? {
        guard let parts = Self.parts(of: text), parts.application == application,
              stream.hasPrefix(parts.prefix), stream.hasSuffix(parts.suffix),
              stream.count >= parts.prefix.count + parts.suffix.count else { return nil }
        let middle = String(stream.dropFirst(parts.prefix.count).dropLast(parts.suffix.count))
        guard let split = middle.firstRange(of: parts.separator) else { return nil }
        let first = String(middle[..<split.lowerBound])
        let second = String(middle[split.upperBound...])
        let (room, encoded) = parts.roomFirst ? (first, second) : (second, first)
        guard RoomsFile.isValidID(room), let member = CallMember(encoded: encoded) else { return nil }
        return (room, member)
    }

    /// The template's stream part cut around its placeholders.
    private struct Parts {
        var application: String
        var prefix: String
        var separator: String
        var suffix: String
        var roomFirst: Bool
    }

    /// The application and the literal text around the placeholders in the stream name (the
    /// path after the application, without a query), or nil when the template has no such shape.
    private static func parts(of text: String) -> Parts? {
        guard let schemeEnd = text.firstRange(of: "://") else { return nil }
        let afterScheme = text[schemeEnd.upperBound...]
        guard let pathStart = afterScheme.firstIndex(of: "/") else { return nil }
        let path = afterScheme[afterScheme.index(after: pathStart)...].prefix { $0 != "?" }
        guard let slash = path.firstIndex(of: "/") else { return nil }
        let application = String(path[..<slash])
        let stream = String(path[path.index(after: slash)...])
        guard let room = stream.firstRange(of: roomPlaceholder),
              let participant = stream.firstRange(of: participantPlaceholder) else { return nil }
        let roomFirst = room.lowerBound < participant.lowerBound
        let (first, second) = roomFirst ? (room, participant) : (participant, room)
        guard first.upperBound <= second.lowerBound else { return nil }
        return Parts(application: application, prefix: String(stream[..<first.lowerBound]),
                     separator: String(stream[first.upperBound..<second.lowerBound]),
                     suffix: String(stream[second.upperBound...]), roomFirst: roomFirst)
    }

    /// Why `text` is not a usable calls template (beyond what every server URL must be), or nil.
    static func problem(with text: String) -> ServerURLProblem? {
        let counts = [roomPlaceholder, participantPlaceholder].map { text.components(of: $0) }
        guard counts == [1, 1] else {
            return .callPlaceholdersNotOnce
        }
        guard let parts = parts(of: text), !parts.application.isEmpty, !parts.application.contains("{") else {
            return .callPlaceholdersOutsideStream
        }
        let separatorIsSafe = parts.separator.unicodeScalars.contains { scalar in
            !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-")
        }
        guard separatorIsSafe else {
            return .callPlaceholdersTouching
        }
        return nil
    }
}

extension String {
    /// How many times `target` occurs, not overlapping.
    fileprivate func components(of target: String) -> Int {
        var count = 0
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
