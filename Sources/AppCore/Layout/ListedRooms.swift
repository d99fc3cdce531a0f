import Rooms

/// The room list as one collection over its parts (W1, W8, R6, R7): the opened items' rooms,
/// the rooms file's, each playlist's and the live servers', in that order, with the headers of the
/// sections among them.
///
/// The parts are held, not copied: a playlist's 100,000 rooms are shared with the state that
/// keeps them, so building the list for an event costs the number of parts and sections, not
/// the number of rooms, and reading a room by index or id is a binary search and a hash lookup.
public struct ListedRooms: RandomAccessCollection, Equatable, Sendable {
    /// One run of rooms, with its rooms' indices by id when it is long, and for a playlist's
    /// rooms the read they came from.
    struct Part: Equatable, Sendable {
        var rooms: [Room]
        var indexByID: [RoomID: Int]?
        /// The playlist read that gave the rooms: two parts of the same read are equal without
        /// comparing 100,000 rooms, and a new read counts as a change even when its rooms are
        /// the same (the list then only finds its selection again by id).
        var read: Int?

        static func == (left: Part, right: Part) -> Bool {
            if let leftRead = left.read, let rightRead = right.read { return leftRead == rightRead }
            return left.read == nil && right.read == nil && left.rooms == right.rooms
        }
    }

    /// A section header: where its first room is and what it says.
    public struct Section: Equatable, Sendable {
        /// The index of the section's first room (the room count for an empty last section).
        public var start: Int
        /// What the header names.
        public var header: ListSection
    }

    private let parts: [Part]
    /// Where each part starts, ascending.
    private let partStarts: [Int]
    /// The section headers, by start, ascending.
    public let sections: [Section]
    public let endIndex: Int
    public var startIndex: Int { 0 }

    init(parts: [Part], sections: [Section]) {
        self.parts = parts
        var starts: [Int] = [], total = 0
        for part in parts {
            starts.append(total)
            total += part.rooms.count
        }
        partStarts = starts
        endIndex = total
        self.sections = sections
    }

    /// The room at list index `index`.
    /// - Complexity: O(log *p*) in the parts.
    public subscript(index: Int) -> Room {
        let part = Self.lastStart(atMost: index, in: partStarts)
        return parts[part].rooms[index - partStarts[part]]
    }

    /// The list index of the room with this id.
    /// - Complexity: O(1) in a playlist's part, linear in the other parts' rooms.
    public func firstIndex(ofID id: RoomID) -> Int? {
        for (part, start) in zip(parts, partStarts) {
            if let indexByID = part.indexByID {
                if let index = indexByID[id] { return start + index }
            } else if let index = part.rooms.firstIndex(where: { $0.id == id }) {
                return start + index
            }
        }
        return nil
    }

    /// Where each section starts, for the layout.
    public var sectionStarts: [Int] { sections.map(\.start) }

    /// The index of the last of the ascending `values` that is at most `value` (0 when none is).
    static func lastStart(atMost value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return Swift.max(0, low - 1)
    }

    public static func == (left: ListedRooms, right: ListedRooms) -> Bool {
        left.parts == right.parts && left.sections == right.sections
    }
}
