import Rooms
/// One live server's section of the room list: its live streams and whether it can be reached,
/// kept up to date by refreshing every 5 s and when the main window gains focus (W8, M5).
///
/// A pure reducer over time values: the caller passes `now` (seconds on any monotonic clock),
/// performs the ``DirectoryEffect/fetch(serverID:url:serial:)`` effects and feeds the results
/// back with ``received(_:serial:now:)``.
public struct ServerDirectory: Hashable, Sendable {
    /// Seconds between refreshes, and before a retry of a server that could not be reached.
    public static let refreshInterval = 5.0
    /// Seconds a stream may be missing from the server's list before it has ended for good (M5).
    public static let goneAfter = 15.0
    /// Seconds a server may stay unreachable before its streams are taken as ended (M5).
    public static let unreachableAfter = 60.0
    /// Seconds between refreshes while the user is in one of the server's calls: joiners appear
    /// and leavers go within 2 s (W10).
    public static let inCallRefreshInterval = 1.0
    /// The least time between two refreshes asked for by focus changes.
    public static let focusRefreshGap = 1.0
    /// The least time between two refreshes while a watched stream of this server reconnects:
    /// its publisher comes back within a quarter of a second of the server, and the viewer
    /// should be playing again within 2 s of it (D4), so the list is asked twice a second.
    public static let returnLookGap = 0.5

    /// Whether the server answered the last refresh.
    public enum Reachability: Hashable, Sendable {
        /// No refresh has finished yet.
        case unknown
        /// The last refresh succeeded.
        case reachable
        /// Refreshes fail since `since`; the next one starts at `nextTry`.
        case unreachable(reason: DirectoryError, since: Double, nextTry: Double)
    }

    /// The server this section lists.
    public let server: LiveServer
    /// The live streams, in the order they first appeared (rows never move on a refresh).
    public private(set) var streams: [DirectoryStream] = []
    /// The calls someone is in (R5), in the order they first appeared, then the kept calls
    /// nobody is in (``keptCalls``); a call's participants
    /// are exactly the ones the last listing had.
    public private(set) var calls: [DirectoryCall] = []
    /// Seconds between refreshes: ``refreshInterval``, or ``inCallRefreshInterval`` while the
    /// user is in one of this server's calls (W10).
    public private(set) var interval = ServerDirectory.refreshInterval
    /// Whether the server answered the last refresh.
    public private(set) var reachability: Reachability = .unknown
    /// When the next refresh is due; nil: as soon as possible.
    public private(set) var nextRefresh: Double?
    /// The serial of the refresh in flight, if any.
    public private(set) var pendingSerial: Int?
    private var lastFetchStart: Double?
    private var serial = 0

    /// Creates a section with nothing fetched yet; the first ``tick(now:)`` fetches.
    public init(server: LiveServer) {
        self.server = server
    }

    /// The list ids of calls the rooms file has a room of its own for: not listed here again.
    public var hiddenCalls: Set<RoomID> = []

    /// Calls listed even while nobody is in them, by their room on the server, with their
    /// titles: a call the user joins from an invite link (W13) is a room of the list from the
    /// moment they accept, before the server lists anyone in it.
    public private(set) var keptCalls: [KeptCall] = []

    /// A call listed while nobody is in it: its room on the server and its title.
    public struct KeptCall: Hashable, Sendable {
        public var room: RoomID
        public var title: String
    }

    /// Lists call `room` from now on, titled `title`, even while nobody is in it.
    public mutating func keepCall(_ room: RoomID, title: String) {
        if let index = keptCalls.firstIndex(where: { $0.room == room }) {
            keptCalls[index].title = title
        } else {
            keptCalls.append(KeptCall(room: room, title: title))
        }
        calls = withKeptCalls(calls)
    }

    /// `listed` with every kept call, an empty one at the end, and each kept call's title.
    private func withKeptCalls(_ listed: [DirectoryCall]) -> [DirectoryCall] {
        var all = listed
        for kept in keptCalls where !all.contains(where: { $0.room == kept.room }) {
            all.append(DirectoryCall(id: DirectoryCall.roomID(server: server.id, room: kept.room), room: kept.room, participants: []))
        }
        return all.map { call in
            var call = call
            call.title = keptCalls.first { $0.room == call.room }?.title ?? call.title
            return call
        }
    }

    /// The calls this section lists as rooms of its own.
    public var listedCalls: [DirectoryCall] { calls.filter { !hiddenCalls.contains($0.id) } }

    /// The rooms this section lists, one per stream, then one per call.
    public var rooms: [Room] { streams.map { $0.room(on: server) } + listedCalls.map { $0.room(on: server) } }

    /// Refreshes every second from now on while `inCall`, else every 5 s; a change takes effect
    /// at once (the next refresh is moved).
    public mutating func setInCall(_ inCall: Bool) {
        let new = inCall ? Self.inCallRefreshInterval : Self.refreshInterval
        guard new != interval else { return }
        interval = new
        if let start = lastFetchStart, pendingSerial == nil { nextRefresh = start + new }
    }

    /// Time passes: starts a refresh when one is due, and ends streams gone for too long.
    public mutating func tick(now: Double) -> [DirectoryEffect] {
        var effects = endStreams(now: now)
        if pendingSerial == nil, now >= (nextRefresh ?? now) { effects.append(startFetch(now: now)) }
        return effects
    }

    /// The main window gained focus: refresh now unless one is in flight or has just started.
    public mutating func focusGained(now: Double) -> [DirectoryEffect] {
        refresh(now: now, unlessWithin: Self.focusRefreshGap)
    }

    /// Refreshes now unless one is in flight or started less than `gap` seconds ago.
    public mutating func refresh(now: Double, unlessWithin gap: Double) -> [DirectoryEffect] {
        guard pendingSerial == nil else { return [] }
        if let lastFetchStart, now - lastFetchStart < gap { return [] }
        return [startFetch(now: now)]
    }

    /// A refresh finished; results of refreshes other than the pending one are ignored.
    public mutating func received(_ result: Result<[LiveStreamInfo], DirectoryError>, serial: Int, now: Double) -> [DirectoryEffect] {
        guard serial == pendingSerial else { return [] }
        pendingSerial = nil
        // In a call, refreshes start every second whatever each one took; otherwise 5 s after the last answer.
        nextRefresh = interval < Self.refreshInterval ? max(now, (lastFetchStart ?? now) + interval) : now + interval
        switch result {
        case .success(let infos):
            reachability = .reachable
            let publishing = infos.filter(\.isPublishing)
            let callStreams = publishing.filter { server.calls?.application == $0.application }
            mergeCalls(callStreams)
            return merge(publishing.filter { server.calls?.application != $0.application }, askedAt: lastFetchStart ?? now, now: now)
        case .failure(let error):
            let since = if case .unreachable(_, let since, _) = reachability { since } else { now }
            reachability = .unreachable(reason: error, since: since, nextTry: nextRefresh ?? now + interval)
            // An unreachable server says nothing about its streams: no stream counts as gone.
            for index in streams.indices { streams[index].goneSince = nil }
            return endStreams(now: now)
        }
    }

    /// A refresh of a server that lists its calls itself (Janus, R8) finished: every room it
    /// has is a call of the list, the empty ones too (they exist until the server drops them),
    /// in the order they first appeared; results of other refreshes than the pending one are ignored.
    public mutating func receivedCalls(_ result: Result<[ListedCall], DirectoryError>, serial: Int, now: Double) -> [DirectoryEffect] {
        guard serial == pendingSerial, case .success(let listed) = result else {
            return received(result.map { _ in [] }, serial: serial, now: now)
        }
        let before = calls
        let effects = received(.success([]), serial: serial, now: now)
        var order = before.map(\.room).filter { room in listed.contains { $0.room == room } }
        for call in listed where !order.contains(call.room) { order.append(call.room) }
        calls = withKeptCalls(order.compactMap { room in
            guard let call = listed.first(where: { $0.room == room }) else { return nil }
            let earlier = before.first { $0.room == room }?.participants ?? []
            let kept = earlier.filter(call.members.contains)
            var listedCall = DirectoryCall(id: DirectoryCall.roomID(server: server.id, room: room), room: room,
                                           participants: kept + call.members.filter { !kept.contains($0) })
            listedCall.title = call.title
            return listedCall
        })
        return effects
    }

    private mutating func startFetch(now: Double) -> DirectoryEffect {
        serial += 1
        pendingSerial = serial
        lastFetchStart = now
        return .fetch(serverID: server.id, url: server.stats, serial: serial)
    }

    /// Takes a fresh list; a stream missing from it counts as gone since the request was sent
    /// (`askedAt`), the latest time the server can have answered for.
    private mutating func merge(_ infos: [LiveStreamInfo], askedAt: Double, now: Double) -> [DirectoryEffect] {
        var effects: [DirectoryEffect] = []
        var listed: Set<String> = []
        for info in infos where listed.insert(info.name).inserted {
            if let index = streams.firstIndex(where: { $0.name == info.name }) {
                streams[index].info = info
                streams[index].liveSince = now - info.age
                streams[index].goneSince = nil
            } else {
                let stream = DirectoryStream(id: DirectoryStream.roomID(server: server.id, stream: info.name),
                                             name: info.name, info: info, liveSince: now - info.age)
                streams.append(stream)
                effects.append(.appeared(serverID: server.id, stream: stream))
            }
        }
        for index in streams.indices where !listed.contains(streams[index].name) && streams[index].goneSince == nil {
            streams[index].goneSince = askedAt
        }
        return effects + endStreams(now: now)
    }

    /// Takes the calls application's streams of a fresh listing: a participant is in a call
    /// exactly while the server lists its stream (the server drops a publisher whose connection
    /// ends, a `kill -9` included), so presence needs no grace period; a call nobody is in goes.
    private mutating func mergeCalls(_ infos: [LiveStreamInfo]) {
        guard let template = server.calls else { return }
        var listed: [RoomID: [CallMember]] = [:]
        var order: [RoomID] = calls.map(\.room)
        for info in infos {
            guard let member = template.member(ofStream: info.name, application: info.application) else { continue }
            if listed[member.room] == nil, !order.contains(member.room) { order.append(member.room) }
            if !(listed[member.room] ?? []).contains(member.member) { listed[member.room, default: []].append(member.member) }
        }
        calls = withKeptCalls(order.compactMap { room in
            guard let members = listed[room] else { return nil }
            let before = calls.first { $0.room == room }?.participants ?? []
            let kept = before.filter(members.contains)
            return DirectoryCall(id: DirectoryCall.roomID(server: server.id, room: room), room: room,
                                 participants: kept + members.filter { !kept.contains($0) })
        })
    }

    /// Removes the streams missing for ``goneAfter`` seconds, or all of them when the server has
    /// been unreachable for ``unreachableAfter`` seconds.
    private mutating func endStreams(now: Double) -> [DirectoryEffect] {
        let serverLost = if case .unreachable(_, let since, _) = reachability { now - since >= Self.unreachableAfter } else { false }
        let ended = streams.filter { stream in
            serverLost || stream.goneSince.map { now - $0 >= Self.goneAfter } ?? false
        }
        guard !ended.isEmpty else { return [] }
        let endedIDs = Set(ended.map(\.id))
        streams.removeAll { endedIDs.contains($0.id) }
        return ended.map { .ended(serverID: server.id, stream: $0) }
    }
}

/// What a directory asks its owner to do or tells it happened.
public enum DirectoryEffect: Hashable, Sendable {
    /// Fetch `url` (the statistics page) and hand the result back with `serial`.
    case fetch(serverID: String, url: String, serial: Int)
    /// A stream went live: a new room in the server's section.
    case appeared(serverID: String, stream: DirectoryStream)
    /// A stream has ended for good (M5): release its float with a toast "<title> ended", drop its row.
    case ended(serverID: String, stream: DirectoryStream)
}
