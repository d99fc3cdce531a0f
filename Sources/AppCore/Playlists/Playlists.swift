import Rooms

/// The playlists read as rooms sources (R7), a child reducer of ``AppState``: the rooms
/// file's `playlists` (or `--rooms list.m3u`), and lists the user gave (a dropped playlist).
/// Each is read off the main thread (its bytes parsed and made rooms there too), read again
/// every `refresh` seconds when it has one, and keeps the rooms of its last good read while a
/// later read fails. The root lists each source's rooms as sections after the rooms file's own
/// rooms, and maps the effects in one place (`AppState.sendPlaylists(_:now:)`).
public struct Playlists: Equatable, Sendable {
    /// One playlist and what its reads gave.
    public struct Source: Equatable, Sendable {
        /// Where it is and how often it is read.
        public var reference: PlaylistReference
        /// True for a list the user gave while the app ran (it stays when the rooms file changes).
        public var isGiven: Bool
        /// The rooms of the last good read; nil before one.
        public var rooms: PlaylistRooms?
        /// The serial of the read that gave ``rooms``.
        public var roomsRead = 0
        /// The read the answer must carry to count (an older read's answer is dropped).
        public var serial: Int
        /// Whether a read is under way.
        public var isReading: Bool
        /// When it is read next; nil when it is not read again by itself.
        public var nextReadAt: Double?
        /// Whether the last read failed.
        public var lastReadFailed = false
    }

    /// The playlists in list order: the rooms file's, then those given.
    public private(set) var sources: [Source] = []
    private var nextSerial = 1

    /// Creates the state at start with the rooms file's playlists, each read at the first tick.
    public init(_ references: [PlaylistReference] = []) {
        sources = references.map {
            Source(reference: $0, isGiven: false, rooms: nil, serial: 0, isReading: false, nextReadAt: -.infinity)
        }
    }

    /// What happened to the playlists.
    public enum Action: Equatable, Sendable {
        /// The rooms file (read at start or again) lists these: each is read now.
        case configured([PlaylistReference], now: Double)
        /// The user gave a playlist (dropped it): it is added after the others and read now,
        /// or read again when it is there already.
        case given(PlaylistReference, now: Double)
        /// A read finished.
        case read(PlaylistAddress, serial: Int, Result<PlaylistRooms, PlaylistLoadFailure>, now: Double)
        /// Time passes: the lists whose refresh is due are read again.
        case tick(now: Double)
    }

    /// What the root carries out for the playlists.
    public enum Effect: Equatable, Sendable {
        /// Read this playlist off the main thread and answer with ``Action/read(_:serial:_:now:)``.
        case read(PlaylistAddress, serial: Int)
        /// A read gave rooms; `news` says whether it is worth telling the user (the first good
        /// read, or one that skipped another number of lines than the read before).
        case loaded(PlaylistRooms, news: Bool)
        /// A list the user gave turned out to be one stream (HLS): its room opens, as a given
        /// stream does.
        case givenStream(Room)
        /// A read replaced these rooms: let them go off the main thread (freeing 100,000 rooms
        /// takes it tens of milliseconds).
        case replaced(PlaylistRooms)
        /// A read failed; `kept` says whether the rooms of an earlier read stay, `news` whether
        /// the read before it went well (a list that keeps failing is told once).
        case failed(PlaylistAddress, PlaylistLoadFailure, kept: Bool, news: Bool)
    }

    /// Applies an action and returns the effects for the root to map.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .configured(let references, let now):
            let old = sources
            let given = old.filter(\.isGiven)
            sources = references.map { reference in
                var source = old.first { !$0.isGiven && $0.reference.address == reference.address }
                    ?? Source(reference: reference, isGiven: false, rooms: nil, serial: 0, isReading: false, nextReadAt: nil)
                source.reference = reference
                return source
            } + given.filter { given in !references.contains { $0.address == given.reference.address } }
            return sources.indices.filter { !sources[$0].isGiven }.map { startRead($0, now: now) }
        case .given(let reference, let now):
            if let index = sources.firstIndex(where: { $0.reference.address == reference.address }) {
                return [startRead(index, now: now)]
            }
            sources.append(Source(reference: reference, isGiven: true, rooms: nil, serial: 0, isReading: false, nextReadAt: nil))
            return [startRead(sources.count - 1, now: now)]
        case .read(let address, let serial, let result, let now):
            return finishRead(address, serial: serial, result, now: now)
        case .tick(let now):
            return sources.indices.filter { i in
                !sources[i].isReading && sources[i].nextReadAt.map { $0 <= now } == true
            }.map { startRead($0, now: now) }
        }
    }

    private mutating func startRead(_ index: Int, now: Double) -> Effect {
        sources[index].serial = nextSerial
        nextSerial += 1
        sources[index].isReading = true
        sources[index].nextReadAt = nil
        return .read(sources[index].reference.address, serial: sources[index].serial)
    }

    private mutating func finishRead(_ address: PlaylistAddress, serial: Int,
                                     _ result: Result<PlaylistRooms, PlaylistLoadFailure>, now: Double) -> [Effect] {
        guard let index = sources.firstIndex(where: { $0.reference.address == address && $0.serial == serial }) else { return [] }
        sources[index].isReading = false
        sources[index].nextReadAt = sources[index].reference.refresh.map { now + $0 }
        let failedBefore = sources[index].lastReadFailed
        switch result {
        case .success(let rooms):
            let news = sources[index].rooms?.skippedLines != rooms.skippedLines || failedBefore
            let old = sources[index].rooms
            sources[index].rooms = rooms
            sources[index].roomsRead = serial
            sources[index].lastReadFailed = false
            let opens = rooms.isStream && sources[index].isGiven && old == nil
            return [.loaded(rooms, news: news)] + (opens ? rooms.rooms.prefix(1).map { .givenStream($0) } : [])
                + (old.map { [.replaced($0)] } ?? [])
        case .failure(let failure):
            sources[index].lastReadFailed = true
            return [.failed(address, failure, kept: sources[index].rooms != nil, news: !failedBefore)]
        }
    }

    /// When a refresh is due next, if any.
    public var nextReadAt: Double? {
        sources.filter { !$0.isReading }.compactMap(\.nextReadAt).min()
    }

    /// The room with this id, if a playlist lists it.
    public func room(_ id: RoomID) -> Room? {
        for source in sources {
            if let rooms = source.rooms, let index = rooms.indexByID[id] { return rooms.rooms[index] }
        }
        return nil
    }
}
