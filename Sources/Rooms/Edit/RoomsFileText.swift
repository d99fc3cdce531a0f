/// Adds and removes rooms in a rooms file's text, keeping every other byte as it was: the
/// order, spacing and indentation of the file, its other rooms and its other fields (R6).
///
/// The text is edited, not written anew from the parsed values: the new room's JSON goes into
/// the `rooms` list at the place the parser's positions give, spaced like its neighbours. A
/// text that is not a valid rooms file is never edited, and an edit whose result would not be
/// one is refused, so a save can only ever write a file that loads.
///
/// ```swift
/// let edited = try RoomsFileText.adding(NewRoom(id: "news", title: "News", source: url), into: bytes,
///                                       fileName: "rooms.json")
/// ```
public enum RoomsFileText {
    /// The text with `room` added after the last room of its `rooms` list, written in the
    /// list's own indentation (a file without a `rooms` list gets one).
    public static func adding(_ room: NewRoom, into text: [UInt8], fileName: String) throws(RoomsFileEditError) -> [UInt8] {
        let document = try Document(text, fileName: fileName)
        let edited = document.inserting(json(of: room, indent: document.elementIndent()), at: nil)
        try checkResult(edited, fileName: fileName)
        return edited
    }

    /// The text with `element` (a room's text as ``removing(roomID:from:fileName:)`` cut it
    /// out) put back into its `rooms` list before the room at `index` (past the end: after the
    /// last room).
    public static func restoring(_ element: String, at index: Int, into text: [UInt8],
                                 fileName: String) throws(RoomsFileEditError) -> [UInt8] {
        let document = try Document(text, fileName: fileName)
        let edited = document.inserting(element, at: index)
        try checkResult(edited, fileName: fileName)
        return edited
    }

    /// The text without the room `roomID`, the room's own text as it was in the file (for
    /// putting it back) and its index in the `rooms` list.
    public static func removing(roomID: RoomID, from text: [UInt8],
                                fileName: String) throws(RoomsFileEditError) -> RemovedRoom {
        let document = try Document(text, fileName: fileName)
        guard let index = document.roomIndex(of: roomID) else { throw .noSuchRoom(roomID) }
        let (edited, cut) = document.removing(at: index)
        try checkResult(edited, fileName: fileName)
        return RemovedRoom(text: edited, element: cut, index: index)
    }

    /// A new rooms file holding `room` alone; refused when it would not load.
    public static func newFile(with room: NewRoom, fileName: String) throws(RoomsFileEditError) -> [UInt8] {
        let text = Array(("{\n  \"rooms\": [\n    " + json(of: room, indent: "    ") + "\n  ]\n}\n").utf8)
        try checkResult(text, fileName: fileName)
        return text
    }

    /// A new live room as the rooms file writes it: one JSON object, its fields on lines of
    /// their own indented by `indent` and two spaces more when `indent` is given, else on one line.
    static func json(of room: NewRoom, indent: String? = nil) -> String {
        let fields = [("id", room.id), ("title", room.title), ("kind", "live"), ("source", room.source)]
            .map { "\(quoted($0.0)): \(quoted($0.1))" }
        guard let indent else { return "{" + fields.joined(separator: ", ") + "}" }
        return "{\n" + fields.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "}"
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// Refuses an edit whose result is not a valid rooms file (a duplicate id, a list left
    /// empty), so the file on disk stays one that loads.
    private static func checkResult(_ text: [UInt8], fileName: String) throws(RoomsFileEditError) {
        do throws(RoomsFileError) {
            _ = try RoomsFile.parse(text, fileName: fileName)
        } catch {
            throw .resultInvalid(error)
        }
    }
}

/// A live room to add to a rooms file: what the user opened, with the id and title it gets.
public struct NewRoom: Hashable, Sendable {
    /// The room's id, unique in the file.
    public var id: RoomID
    /// The title shown in the list.
    public var title: String
    /// The source as written in the file (a URL or an absolute path).
    public var source: String

    /// Creates a new room.
    public init(id: RoomID, title: String, source: String) {
        self.id = id
        self.title = title
        self.source = source
    }
}

/// A room cut out of a rooms file's text.
public struct RemovedRoom: Hashable, Sendable {
    /// The file's text without the room.
    public var text: [UInt8]
    /// The room's own JSON text as it was in the file.
    public var element: String
    /// Where the room was in the `rooms` list.
    public var index: Int
}

/// Why a rooms file's text was not edited, as data: AppCore words it.
public enum RoomsFileEditError: Error, Hashable, Sendable {
    /// The file is not a valid rooms file: it is left as it is.
    case fileInvalid(RoomsFileError)
    /// The edit would leave a file that does not load (its problems).
    case resultInvalid(RoomsFileError)
    /// The file has no room with this id.
    case noSuchRoom(RoomID)
}
