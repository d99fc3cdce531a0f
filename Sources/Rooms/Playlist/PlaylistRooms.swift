/// A playlist read as rooms of the list (R7): each entry a live room, grouped into sections by
/// its `group-title` (groups in the order they first appear; entries without a group in a
/// section named by the list), with the lines skipped on the way.
///
/// Each room's id is made from the playlist's address and the entry's source (FNV-1a hashes
/// in hex, with `-2`, `-3`, ... for a source listed again), so a room keeps its id, its
/// selection and its float across reads of the same list.
public struct PlaylistRooms: Hashable, Sendable {
    /// A run of rooms under one header.
    public struct Section: Hashable, Sendable {
        /// The header's text: the group, or the list's name.
        public var title: String
        /// The index of the section's first room.
        public var start: Int

        /// Creates a section.
        public init(title: String, start: Int) {
            self.title = title
            self.start = start
        }
    }

    /// The list's name (the last part of its path or URL).
    public var title: String
    /// The rooms, section by section.
    public var rooms: [Room]
    /// The sections, by their first room; the first starts at 0 unless there are no rooms.
    public var sections: [Section]
    /// The lines skipped (at most ``Playlist/maximumReportedProblems``).
    public var problems: [PlaylistProblem]
    /// How many lines were skipped in all.
    public var skippedLines: Int
    /// Each room's index by id.
    public var indexByID: [RoomID: Int]
    /// True for an HLS playlist read as the one stream it is.
    public var isStream = false

    /// The rooms of `playlist`, read from `address`.
    /// - Complexity: O(*n*) in the entries.
    public init(_ playlist: Playlist, address: PlaylistAddress) {
        title = address.name
        let prefix = "m3u-" + Self.hex(Self.hash(address.text), digits: 8) + "-"
        var groupIndex: [String: Int] = [:]
        var groups: [(title: String, rooms: [Room])] = []
        var seen: [String: Int] = [:]
        for entry in playlist.entries {
            let base = prefix + Self.hex(Self.hash(entry.source.text), digits: 16)
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            let room = Room(id: count == 1 ? base : base + "-\(count)", title: entry.title, media: .live(source: entry.source))
            let group = entry.group ?? title
            if let index = groupIndex[group] {
                groups[index].rooms.append(room)
            } else {
                groupIndex[group] = groups.count
                groups.append((group, [room]))
            }
        }
        rooms = []
        rooms.reserveCapacity(playlist.entries.count)
        sections = []
        for group in groups {
            sections.append(Section(title: group.title, start: rooms.count))
            rooms += group.rooms
        }
        problems = playlist.problems
        skippedLines = playlist.problems.count + playlist.unreportedProblemCount
        indexByID = Dictionary(uniqueKeysWithValues: rooms.enumerated().map { ($1.id, $0) })
    }

    /// An HLS playlist at `address` as the one room it is (R7: a stream, not a list).
    public init(stream address: PlaylistAddress) {
        title = address.name
        let source: SourceSpec = switch address {
        case .file(let path): .file(path: path)
        case .url(let url): .url(url)
        }
        let room = Room(id: "m3u-" + Self.hex(Self.hash(address.text), digits: 8), title: title, media: .live(source: source))
        rooms = [room]
        sections = [Section(title: title, start: 0)]
        problems = []
        skippedLines = 0
        indexByID = [room.id: 0]
        isStream = true
    }

    /// A rooms file's rooms at `address` as one section named by the file: each room keeps
    /// its title and media under an id of its own (made from the file's path and the room's id,
    /// so it never clashes with a room of the rooms file in use).
    public init(roomsFile fileRooms: [Room], address: PlaylistAddress) {
        title = address.name
        let prefix = "json-" + Self.hex(Self.hash(address.text), digits: 8) + "-"
        rooms = fileRooms.map { room in
            var room = room
            room.id = prefix + Self.hex(Self.hash(room.id), digits: 16)
            return room
        }
        sections = rooms.isEmpty ? [] : [Section(title: title, start: 0)]
        problems = []
        skippedLines = 0
        indexByID = Dictionary(uniqueKeysWithValues: rooms.enumerated().map { ($1.id, $0) })
    }

    /// 64-bit FNV-1a of the text's UTF-8: stable from run to run, unlike `hashValue`.
    static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - text.count)) + text
        return String(padded.suffix(digits))
    }
}
