import EngineTerms
import LiveDirectory
import Localization
import Rooms

/// Calls held on a server (R5, W10): their rooms in the list, joining by opening, the
/// microphone and camera, who is in the call, and leaving.
extension AppState {
    /// The directory's list ids of the calls the rooms file's server call rooms stand for.
    static func serverCallIDs(of rooms: [Room]) -> Set<RoomID> {
        Set(rooms.compactMap { room in room.callServerID.map { DirectoryCall.roomID(server: $0, room: room.serverCallRoom) } })
    }

    /// The user in a call: the rooms file's `me` with the desktop's defaults filled in.
    public var identity: CallIdentity { CallIdentity(me: roomsFile.me, desktop: environment.desktop) }

    /// The list's rooms: the opened items' (R6), the file's (a server call with whoever the
    /// server lists in it), each playlist's by its sections (R7), then the directory's; the
    /// joined call without the user's own stream. A function of the opened items, the rooms
    /// file, the playlists, the directory and the joined call, stored nowhere: the playlists'
    /// rooms are shared, not copied, so it costs the other rooms and the sections, not the
    /// playlists' rooms.
    public var listedRooms: ListedRooms {
        // `listedRoomCount` counts the same parts: a part added here is counted there too.
        let fileRooms = roomsFile.rooms.map(withServerParticipants)
        var parts = [ListedRooms.Part(rooms: opened.rooms), ListedRooms.Part(rooms: fileRooms)]
        var sections: [ListedRooms.Section] = []
        var start = opened.items.count
        if start > 0 {
            sections.append(ListedRooms.Section(start: 0, header: .opened))
            if !fileRooms.isEmpty { sections.append(ListedRooms.Section(start: start, header: .roomsFile)) }
        }
        start += fileRooms.count
        for source in playlists.sources {
            guard let rooms = source.rooms else { continue }
            parts.append(ListedRooms.Part(rooms: rooms.rooms, indexByID: rooms.indexByID, read: source.roomsRead))
            for (k, section) in rooms.sections.enumerated() {
                // The list's first header says how many of its lines were skipped.
                sections.append(ListedRooms.Section(start: start + section.start, header: .playlist(
                    title: section.title, skippedLines: k == 0 ? rooms.skippedLines : 0)))
            }
            start += rooms.rooms.count
        }
        parts.append(ListedRooms.Part(rooms: directory.rooms.map(withoutMe)))
        sections += directory.sectionStarts(after: start).enumerated().map { ListedRooms.Section(start: $1, header: .server($0)) }
        return ListedRooms(parts: parts, sections: sections)
    }

    /// How many rooms ``listedRooms`` holds, without making the list: the header's count
    /// label is checked against it on every event.
    var listedRoomCount: Int {
        opened.items.count + roomsFile.rooms.count + playlists.sources.reduce(0) { $0 + ($1.rooms?.rooms.count ?? 0) }
            + directory.roomCount
    }

    /// The list's room with this id.
    public func room(_ id: RoomID) -> Room? {
        if let item = opened.item(id) { return item.room }
        if let room = roomsFile.rooms.first(where: { $0.id == id }) { return withServerParticipants(room) }
        if let room = playlists.room(id) { return room }
        return directory.rooms.first { $0.id == id }.map(withoutMe)
    }

    private func withServerParticipants(_ room: Room) -> Room {
        guard let serverID = room.callServerID, let section = directory.section(serverID) else { return room }
        let listed = section.calls.first { $0.room == room.serverCallRoom }
            ?? DirectoryCall(id: DirectoryCall.roomID(server: serverID, room: room.serverCallRoom), room: room.serverCallRoom, participants: [])
        var filled = listed.room(on: section.server, id: room.id, title: room.title)
        filled.pip = room.pip
        filled.role = room.role
        return withoutMe(filled)
    }

    /// A call's room without the user's own stream, while joined and after: nobody plays
    /// themselves back, and a stream the user stopped sending is not counted while the server
    /// still lists it.
    private func withoutMe(_ room: Room) -> Room {
        guard let url = calls.sentURL, case .call(let participants) = room.media,
              participants.contains(where: { $0.source == .url(url) }) else { return room }
        var room = room
        room.media = .call(participants: participants.filter { $0.source != .url(url) })
        return room
    }

    /// How many people a server call has, as its row says: the server's count, the user
    /// included while joined.
    func peopleInCall(_ room: Room) -> Int? {
        guard room.isServerCall, case .call(let participants) = room.media else { return nil }
        return participants.count + (call?.room == room.id ? 1 : 0)
    }

    // MARK: Joining and leaving

    /// The call the user has joined, while in one.
    public var call: CallState? { calls.joined }

    /// Opening a server call joins it: the user's stream starts, the server is asked who is in
    /// the call every second from now on. Returns the room to play (the others) and the effects.
    mutating func joinCall(_ room: Room, now: Double) -> (Room, [AppEffect]) {
        guard let serverID = room.callServerID, let server = directory.section(serverID)?.server,
              let template = server.calls else { return (room, []) }
        let callRoom = directory.call(room.id)?.call.room ?? room.serverCallRoom
        let listed = listedRooms
        let effects = sendCalls(.join(room: room.id, serverID: serverID, callRoom: callRoom, template: template,
                                      identity: identity, runTag: environment.joinTag))
        _ = directory.send(.inCall(true, serverID: serverID))
        // The list's room of the call leaves the user out from now on.
        let refreshed = performDirectory(directory.send(.refresh(serverID: serverID, now: now)), now: now) + listChanged(from: listed, now: now)
        return (withoutMe(room), effects + refreshed)
    }

    /// Leaving the joined call (Esc, Leave, the float's Leave, a release): the user's stream ends.
    mutating func leaveCall(_ id: RoomID) -> [AppEffect] {
        guard let call, call.room == id else { return [] }
        _ = directory.send(.inCall(false, serverID: call.serverID))
        return sendCalls(.leave(id))
    }

    /// Routes an action to the calls and maps their effects: the one place they become the app's.
    mutating func sendCalls(_ action: Calls.Action) -> [AppEffect] {
        calls.send(action).map { effect in
            switch effect {
            case .startSending(let id, let url, let stream, let sending):
                janusJoin(stream: stream, sending: sending).map { .joinJanusCall(id, $0) }
                    ?? .joinCall(id, url: url, stream: stream, sending: sending)
            case .setSending(let id, let sending): .setCallSending(id, sending)
            case .stopSending(let id): .leaveCall(id)
            case .log(let level, let message): .log(level, message)
            }
        }
    }

    /// How the joined call is joined when its server is a Janus server (R8): its API, its
    /// VideoRoom room and the user's name; nil for a call on an nginx-rtmp server.
    private func janusJoin(stream: CallStream, sending: CallSending) -> JanusCallJoin? {
        guard let call, let server = directory.section(call.serverID)?.server, let api = server.janusAPI,
              let videoRoom = UInt64(call.callRoom) else { return nil }
        return JanusCallJoin(api: api, videoRoom: videoRoom, display: call.identity.name, stream: stream, sending: sending)
    }

    /// The joined Janus call took the user in as feed `feed`: the list leaves that participant
    /// out from now on, as it leaves out the user's own RTMP stream.
    mutating func janusCallJoined(_ id: RoomID, feed: UInt64, now: Double) -> [AppEffect] {
        guard let call, call.room == id, let template = directory.section(call.serverID)?.server.calls else { return [] }
        let listed = listedRooms
        let url = template.url(room: call.callRoom, member: CallMember(name: call.identity.name, tag: JanusFeedTag.tag(of: feed)))
        return sendCalls(.sentAs(id, url: url)) + listChanged(from: listed, now: now)
    }

    /// The joined call's participants changed (someone joined, left or was dropped): the open
    /// room keeps each remaining participant's state and playback, and plays the new ones.
    mutating func callParticipantsChanged(from old: Room, to new: Room, now: Double) -> [AppEffect] {
        guard call?.room == new.id, var open = rooms[new.id], case .call(let before) = old.media,
              case .call(let after) = new.media, before != after else { return [] }
        open.remap(from: before.map(\.source), to: after.map(\.source), now: now)
        rooms[new.id] = open
        let joined = after.filter { p in !before.contains { $0.source == p.source } }.map(\.name)
        let left = before.filter { p in !after.contains { $0.source == p.source } }.map(\.name)
        return [.callParticipants(new.id, after), .stats(.callPeople(new.id, joined: joined, left: left)),
                .log(.info, "\(new.id): \(after.count) others in the call (joined \(joined), left \(left))")]
    }

    /// The joined call's server answers again after it could not be reached, or lists a
    /// participant whose tile is reconnecting: the tiles reconnect now, not at the end of their
    /// backoff (D4 waits up to 8 s), since the streams are known to be there.
    func retryCall(on serverID: String, before: LiveDirectory) -> [AppEffect] {
        guard let call, call.serverID == serverID, directory.section(serverID)?.reachability == .reachable,
              let open = rooms[call.room], case .call(let participants)? = self.room(call.room)?.media else { return [] }
        let serverCameBack = if case .unreachable? = before.section(serverID)?.reachability { true } else { false }
        let template = directory.section(serverID)?.server.calls
        let listed = Set((directory.call(room: call.callRoom, server: serverID)?.participants ?? []).compactMap { member in
            template.map { SourceSpec.url($0.url(room: call.callRoom, member: member)) }
        })
        let listedButWaiting = zip(participants, open.sources).contains { participant, status in
            if case .reconnecting = status { listed.contains(participant.source) } else { false }
        }
        return serverCameBack || listedButWaiting ? [.retryPlaybackNow(call.room)] : []
    }
}

extension OpenRoom {
    /// The sources are now the participants `new` (by stream); each kept participant keeps its
    /// state, each new one starts connecting at `now`.
    mutating func remap(from old: [SourceSpec], to new: [SourceSpec], now: Double) {
        func pick<Value>(_ values: [Value], _ fresh: Value) -> [Value] {
            new.map { source in old.firstIndex(of: source).map { values[$0] } ?? fresh }
        }
        sources = pick(sources, .connecting)
        sourceSince = pick(sourceSince, now)
        opens = pick(opens, 0)
        levels = pick(levels, -90)
        serials = pick(serials, nil)
        video = pick(video, nil)
        remote = pick(remote, nil)
    }
}
