import Rooms

/// The rooms a person brought this run (R6): command-line arguments, links, dropped and pasted
/// URLs and paths, listed in the "Opened" section at the top of the list. A child reducer of
/// ``AppState``: the root hands it the items with what it needs to read them (the directory
/// relative paths are read against, the rooms listed now) and maps its effects in one place
/// (`AppState.performOpened`). Nothing here is saved: the rooms last as long as the run, unless
/// the user adds one's source to the rooms file (the location field, a paste), where it moves.
public struct OpenedItems: Equatable, Sendable {
    /// One item's room.
    public struct Item: Equatable, Sendable {
        /// The room it lists; a refused item's plays nothing.
        public var room: Room
        /// The item as given, white space at its ends dropped: what its row's second line says.
        public var given: String
        /// Why the item opens nothing; its row shows the error.
        public var refusal: GivenItemRefusal?
        /// True once the title is the stream's own or a link's: a later report keeps it.
        public var titleSettled: Bool
    }

    /// The items' rooms, in the order given.
    public var items: [Item] = []
    /// The number of the next generated room id (``idPrefix`` and a number).
    public var nextNumber = 1

    /// The most items one hand-over adds; the rest are left out and the user told.
    public static let maximumBatch = 1_000
    /// The start of a generated room id: `opened-1`, `opened-2`, ... (valid R2 ids).
    public static let idPrefix = "opened-"

    /// Creates the state at start: nothing opened.
    public init() {}

    /// The items' rooms, as the list shows them first.
    public var rooms: [Room] { items.map(\.room) }

    /// The item listed as room `id`.
    public func item(_ id: RoomID) -> Item? {
        items.first { $0.room.id == id }
    }

    /// What happened to the opened items.
    public enum Action: Equatable, Sendable {
        /// A person handed these items over; relative paths are read against `directory` (nil:
        /// refused); `listed` is the list now, whose rooms an item of the same source opens.
        case given([String], relativeTo: String?, listed: [Room])
        /// Room `id`'s stream says its title is this.
        case titleReported(RoomID, String)
        /// The user's rooms file lists these now: an item playing one of them leaves, kept there.
        case keptInFile(Set<RoomMedia>)
    }

    /// What the root carries out for the opened items.
    public enum Effect: Equatable, Sendable {
        /// A room was added for an item.
        case added(RoomID, title: String)
        /// An item opens nothing, and why; its room shows the error.
        case refused(item: String, GivenItemRefusal)
        /// A `floatapp://call?...` link: joining asks first (W13).
        case callLink(InviteLink)
        /// So many items were over ``maximumBatch`` and left out.
        case leftOut(Int)
        /// The listed room the hand-over's first item stands for: it opens.
        case open(RoomID)
        /// Room `id` is titled from its stream now.
        case titled(RoomID, String)
    }

    /// Applies an action and returns the effects for the root to map.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .given(let texts, let directory, let listed):
            return given(texts, relativeTo: directory, listed: listed)
        case .titleReported(let id, let title):
            guard let index = items.firstIndex(where: { $0.room.id == id }), !items[index].titleSettled,
                  items[index].refusal == nil, let cleaned = DisplayText.cleaned(title) else { return [] }
            items[index].titleSettled = true
            guard cleaned != items[index].room.title else { return [] }
            items[index].room.title = cleaned
            return [.titled(id, cleaned)]
        case .keptInFile(let media):
            items.removeAll { $0.refusal == nil && media.contains($0.room.media) }
            return []
        }
    }

    /// What a hand-over looks items up in, built once for it: the rooms by what they play (the
    /// list's first), refused items' rooms by the item, and every id taken.
    private struct Lookup {
        var rooms: [RoomMedia: RoomID] = [:]
        var refused: [String: RoomID] = [:]
        var ids: Set<RoomID> = []
    }

    private mutating func given(_ texts: [String], relativeTo directory: String?, listed: [Room]) -> [Effect] {
        var lookup = Lookup()
        for item in items where item.refusal != nil { lookup.refused[item.given] = item.room.id }
        let refusedIDs = Set(lookup.refused.values)
        for room in listed + rooms {
            lookup.ids.insert(room.id)
            if !refusedIDs.contains(room.id), lookup.rooms[room.media] == nil { lookup.rooms[room.media] = room.id }
        }
        var effects: [Effect] = []
        var first: RoomID?
        for (index, text) in texts.prefix(Self.maximumBatch).enumerated() {
            let (id, itemEffects) = add(text, relativeTo: directory, lookup: &lookup)
            effects += itemEffects
            if index == 0 { first = id }
        }
        if texts.count > Self.maximumBatch { effects.append(.leftOut(texts.count - Self.maximumBatch)) }
        if let first { effects.append(.open(first)) }
        return effects
    }

    /// Adds one item (or finds the room it stands for): its room's id, nil for a call link.
    private mutating func add(_ text: String, relativeTo directory: String?, lookup: inout Lookup) -> (RoomID?, [Effect]) {
        let item: GivenItem
        do throws(GivenItemRefusal) {
            item = try GivenItem.read(text, relativeTo: directory)
        } catch {
            let given = Self.shown(text)
            if let same = lookup.refused[given] { return (same, [.refused(item: given, error)]) }
            let id = newID(&lookup)
            lookup.refused[given] = id
            items.append(Item(room: Room(id: id, title: given.isEmpty ? "\"\"" : given, media: .live(source: .url(given))), given: given,
                              refusal: error, titleSettled: true))
            return (id, [.refused(item: given, error)])
        }
        let source: SourceSpec, title: String, settled: Bool
        switch item {
        case .source(let spec, let name):
            (source, title, settled) = (spec, name, false)
        case .link(.live(let name, let url)):
            let spec = (try? SourceSpec.parse(url)) ?? .url(url)
            (source, title, settled) = (spec, DisplayText.cleaned(name) ?? name, true)
        case .link(let link):
            return (nil, [.callLink(link)])
        }
        let media = RoomMedia.live(source: source)
        if let same = lookup.rooms[media] { return (same, []) }
        let id = newID(&lookup)
        lookup.rooms[media] = id
        items.append(Item(room: Room(id: id, title: title, media: media), given: source.text, refusal: nil, titleSettled: settled))
        return (id, [.added(id, title: title)])
    }

    /// An id no listed room has.
    private mutating func newID(_ lookup: inout Lookup) -> RoomID {
        var id: RoomID
        repeat {
            id = Self.idPrefix + String(nextNumber)
            nextNumber += 1
        } while lookup.ids.contains(id)
        lookup.ids.insert(id)
        return id
    }

    /// An item as its row and a notice show it: trimmed, control characters made spaces, at
    /// most 200 characters.
    static func shown(_ text: String) -> String {
        let cleaned = DisplayText.cleaned(text) ?? ""
        return cleaned.count > 200 ? String(cleaned.prefix(199)) + "…" : cleaned
    }
}
