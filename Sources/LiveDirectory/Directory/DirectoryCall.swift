import Rooms

/// A call that exists on a server (R5, W10): someone publishes in its `calls` application.
/// Its participants are the streams the server lists for it, in the order they first appeared.
public struct DirectoryCall: Identifiable, Hashable, Sendable {
    /// The list's room id, `<server>/call/<room>`: apart from every rooms-file id and every live
    /// stream of the same server.
    public var id: RoomID
    /// The call's room id on the server (the `{room}` of the calls template).
    public var room: RoomID
    /// The participants the server lists now, in the order they first appeared; two of the same
    /// name are two members (their join tags differ).
    public var participants: [CallMember]
    /// The call's title when it has one (a call joined from an invite link); else its room's name.
    public var title: String?

    /// Creates a call record.
    public init(id: RoomID, room: RoomID, participants: [CallMember]) {
        self.id = id
        self.room = room
        self.participants = participants
    }

    /// The list's room id of call `room` on server `serverID`.
    public static func roomID(server serverID: String, room: RoomID) -> RoomID {
        serverID + "/call/" + room
    }

    /// The call's room on `server`: every participant played from the calls template, to be
    /// joined by opening it. `id` and `title` default to the directory's.
    public func room(on server: LiveServer, id: RoomID? = nil, title: String? = nil) -> Room {
        let participants = participants.compactMap { member -> Participant? in
            guard let url = server.calls?.url(room: room, member: member) else { return nil }
            return Participant(name: member.name, source: .url(url))
        }
        return Room(id: id ?? self.id, title: title ?? self.title ?? room, media: .call(participants: participants), callServerID: server.id,
                    videoRoom: server.kind == .janus ? UInt64(room) : nil)
    }
}
