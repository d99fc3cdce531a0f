import Rooms
/// Every live server's section of the room list, in rooms-file order (W8).
///
/// ```swift
/// var directory = LiveDirectory(servers: config.servers)
/// // every frame or timer: perform directory.tick(now: t)
/// // on main-window focus: perform directory.focusGained(now: t)
/// // when a StatsReader read ends: perform directory.received(.success(streams) or .failure(error), serverID:, serial:, now: t)
/// ```
public struct LiveDirectory: Hashable, Sendable {
    /// The sections, one per server.
    public private(set) var sections: [ServerDirectory]

    /// Creates the sections; nothing is fetched until the first tick.
    public init(servers: [LiveServer]) {
        sections = servers.map(ServerDirectory.init(server:))
    }

    /// The section of server `id`.
    public func section(_ id: String) -> ServerDirectory? { sections.first { $0.server.id == id } }

    /// The stream listed as room `id`, if a section lists it.
    public func stream(_ id: RoomID) -> DirectoryStream? {
        for section in sections {
            if let stream = section.streams.first(where: { $0.id == id }) { return stream }
        }
        return nil
    }

    /// The rooms every section lists, in section order.
    public var rooms: [Room] { sections.flatMap(\.rooms) }

    /// How many rooms ``rooms`` holds, without making them.
    public var roomCount: Int { sections.reduce(0) { $0 + $1.streams.count + $1.listedCalls.count } }

    /// Where each section's header goes among ``rooms`` when `before` rooms precede them all.
    public func sectionStarts(after before: Int) -> [Int] {
        var starts: [Int] = []
        var next = before
        for section in sections {
            starts.append(next)
            next += section.streams.count + section.listedCalls.count
        }
        return starts
    }

    /// The call listed as room `id` and its server, if a section lists it.
    public func call(_ id: RoomID) -> (call: DirectoryCall, server: LiveServer)? {
        for section in sections {
            if let call = section.calls.first(where: { $0.id == id }) { return (call, section.server) }
        }
        return nil
    }

    /// The call `room` on server `serverID`, if its section lists it.
    public func call(room: RoomID, server serverID: String) -> DirectoryCall? {
        section(serverID)?.calls.first { $0.room == room }
    }

    /// Leaves the calls with these list ids out of the sections' rooms: the rooms file has
    /// its own room for each (a call room with `server`).
    public mutating func hideCalls(_ ids: Set<RoomID>) {
        for index in sections.indices { sections[index].hiddenCalls = ids }
    }

    /// Adds a section for `server` at the end, unless a section has its id; it is fetched on
    /// the next tick.
    public mutating func addServer(_ server: LiveServer) {
        guard section(server.id) == nil else { return }
        var added = ServerDirectory(server: server)
        added.hiddenCalls = sections.first?.hiddenCalls ?? []
        sections.append(added)
    }

    /// Lists call `room` of server `serverID`, titled `title`, even while nobody is in it.
    public mutating func keepCall(_ room: RoomID, title: String, serverID: String) {
        guard let index = sections.firstIndex(where: { $0.server.id == serverID }) else { return }
        sections[index].keepCall(room, title: title)
    }

    /// Makes server `serverID` refresh every second while `inCall` (W10), every 5 s otherwise.
    public mutating func setInCall(_ inCall: Bool, serverID: String) {
        guard let index = sections.firstIndex(where: { $0.server.id == serverID }) else { return }
        sections[index].setInCall(inCall)
    }

    /// The directory room with `id`, if a section lists it.
    public func room(_ id: RoomID) -> Room? {
        for section in sections {
            if let stream = section.streams.first(where: { $0.id == id }) { return stream.room(on: section.server) }
            if let call = section.calls.first(where: { $0.id == id }) { return call.room(on: section.server) }
        }
        return nil
    }

    /// Passes time to every section.
    public mutating func tick(now: Double) -> [DirectoryEffect] {
        sections.indices.flatMap { sections[$0].tick(now: now) }
    }

    /// Refreshes every section (the main window gained focus).
    public mutating func focusGained(now: Double) -> [DirectoryEffect] {
        sections.indices.flatMap { sections[$0].focusGained(now: now) }
    }

    /// Refreshes server `serverID`'s section now, unless a refresh is in flight or started
    /// less than ``ServerDirectory/returnLookGap`` ago (a watched stream looks for its
    /// server's return).
    public mutating func refresh(serverID: String, now: Double) -> [DirectoryEffect] {
        guard let index = sections.firstIndex(where: { $0.server.id == serverID }) else { return [] }
        return sections[index].refresh(now: now, unlessWithin: ServerDirectory.returnLookGap)
    }

    /// Hands a finished fetch to its section.
    public mutating func received(_ result: Result<[LiveStreamInfo], DirectoryError>, serverID: String, serial: Int,
                                  now: Double) -> [DirectoryEffect] {
        guard let index = sections.firstIndex(where: { $0.server.id == serverID }) else { return [] }
        return sections[index].received(result, serial: serial, now: now)
    }

    /// Hands a finished listing of a server that lists its calls itself (Janus) to its section.
    public mutating func receivedCalls(_ result: Result<[ListedCall], DirectoryError>, serverID: String, serial: Int,
                                       now: Double) -> [DirectoryEffect] {
        guard let index = sections.firstIndex(where: { $0.server.id == serverID }) else { return [] }
        return sections[index].receivedCalls(result, serial: serial, now: now)
    }

    /// The earliest time a section needs a tick (a refresh or a stream's end), for a caller that sleeps.
    public var nextDeadline: Double? {
        sections.compactMap { section -> Double? in
            let gone = section.streams.compactMap(\.goneSince).min().map { $0 + ServerDirectory.goneAfter }
            let lost = if case .unreachable(_, let since, _) = section.reachability, !section.streams.isEmpty {
                since + ServerDirectory.unreachableAfter
            } else { Double?.none }
            let refresh = section.pendingSerial == nil ? section.nextRefresh ?? -.infinity : nil
            return [gone, lost, refresh].compactMap { $0 }.min()
        }.min()
    }
}
