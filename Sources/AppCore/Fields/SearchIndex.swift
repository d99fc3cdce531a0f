import Rooms

/// The list's search (W11): each listed room's searchable text folded once (``SearchFolding``),
/// and which rooms the query finds.
///
/// The folded texts are kept by the room's place in the list together with the room they were
/// folded from; when the list changes only the rooms that changed are folded again, so a
/// keystroke costs one substring search per room and a paint none.
public struct SearchIndex: Equatable, Sendable {
    /// The list as folded.
    private var indexed: ListedRooms?
    /// Each room's folded text: its title, its row's detail and its participants' names, one a line.
    private var folded: [String] = []
    /// The query's words, folded; empty when nothing is searched.
    public private(set) var terms: [String] = []
    /// The places in the list of the rooms every word of the query is found in, in the list's
    /// order; nil when nothing is searched.
    public private(set) var matches: [Int]?

    /// An index of nothing.
    public init() {}

    /// Brings the index up to date with the list's `listed` rooms and the search `query`:
    /// `text` is what is searched of a room. Returns whether ``matches`` changed.
    @discardableResult
    public mutating func update(query: String, listed: () -> ListedRooms, text: (Room) -> String) -> Bool {
        var folding = SearchFolding()
        let terms = folding.fold(query).split(whereSeparator: { $0 == " " }).map(String.init)
        guard !terms.isEmpty else {
            defer { self.terms = []; matches = nil }
            return matches != nil
        }
        let rooms = listed()
        // An unchanged list compares in constant time: its parts are the same arrays.
        var listChanged = rooms != indexed
        if listChanged {
            let before = indexed
            let resized = rooms.count != before?.count
            if resized { folded = Array(repeating: "", count: rooms.count) }
            listChanged = resized
            for i in rooms.indices where resized || before?[i] != rooms[i] {
                folded[i] = folding.fold(text(rooms[i]))
                listChanged = true
            }
            indexed = rooms
        }
        guard listChanged || terms != self.terms || matches == nil else { return false }
        // A query typed further finds among the last results only: a room holding every new
        // word holds every old one when each old word is part of a new one.
        let narrows = !listChanged && !self.terms.isEmpty
            && self.terms.allSatisfy { old in terms.contains { Self.contains($0, old) } }
        let candidates = narrows ? matches ?? Array(folded.indices) : Array(folded.indices)
        self.terms = terms
        let found = candidates.filter { i in terms.allSatisfy { Self.contains(folded[i], $0) } }
        defer { matches = found }
        return found != matches
    }

    /// Whether `text` holds `word`, compared as UTF-8 bytes: a UTF-8 sequence found in valid
    /// UTF-8 starts and ends on scalar boundaries, so this is a substring search by scalars.
    static func contains(_ text: String, _ word: String) -> Bool {
        var text = text, word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard haystack.count >= needle.count else { return false }
                var i = 0
                let last = haystack.count - needle.count
                while i <= last {
                    if haystack[i] == first {
                        var j = 1
                        while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                        if j == needle.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
