/// A room's identifier: unique in the rooms file, 1 to 64 of `A-Z a-z 0-9 _ -` (R2).
public typealias RoomID = String

/// A live stream or a call that the main window lists and the float can show (R2).
public struct Room: Identifiable, Hashable, Sendable {
    /// The room's unique identifier.
    public var id: RoomID
    /// The title shown in the list, the full view and the float's window title.
    public var title: String
    /// Whether the local user watches or hosts.
    public var role: RoomRole
    /// False opts this room out of PiP (M1).
    public var pip: Bool
    /// What the room plays: one source, or a call's participants.
    public var media: RoomMedia
    /// Where a host room goes live; nil when it only previews its source.
    public var broadcast: Broadcast?
    /// The server a call room is held on (R5): opening the room joins the call, and its
    /// participants are whoever the server lists; nil for a call of written sources.
    public var callServerID: String?
    /// The Janus VideoRoom room a call on a Janus server is (R8); nil for every other room.
    public var videoRoom: UInt64?

    /// Creates a room.
    public init(id: RoomID, title: String, role: RoomRole = .audience, pip: Bool = true, media: RoomMedia,
                broadcast: Broadcast? = nil, callServerID: String? = nil, videoRoom: UInt64? = nil) {
        self.videoRoom = videoRoom
        self.id = id
        self.title = title
        self.role = role
        self.pip = pip
        self.media = media
        self.broadcast = broadcast
        self.callServerID = callServerID
    }

    /// True for a call held on a server, which opening joins (W10).
    public var isServerCall: Bool { callServerID != nil }

    /// The call's room on its server: the VideoRoom number on a Janus server, else the room's id.
    public var serverCallRoom: RoomID { videoRoom.map { String($0) } ?? id }

    /// Live or call, as written in the file's `kind` field.
    public var kind: RoomKind {
        switch media {
        case .live: .live
        case .call: .call
        }
    }
}

/// What a room plays.
public enum RoomMedia: Hashable, Sendable {
    /// A live stream from one source.
    case live(source: SourceSpec)
    /// A call with 1 to 16 participants, each with its own source (a server's call: the others
    /// the server lists now, possibly none).
    case call(participants: [Participant])
}

/// The kind of a room (the rooms file's `kind`).
public enum RoomKind: String, Hashable, Sendable, CaseIterable {
    case live
    case call
}

/// The local user's part in a room (the rooms file's `role`).
public enum RoomRole: String, Hashable, Sendable, CaseIterable {
    /// Watching; the room may float.
    case audience
    /// Broadcasting; the room shows the local preview and never floats (W6, M2).
    case host
}

/// One person in a call.
public struct Participant: Hashable, Sendable {
    /// The name shown on the participant's tile.
    public var name: String
    /// The participant's audio and video.
    public var source: SourceSpec

    /// Creates a participant.
    public init(name: String, source: SourceSpec) {
        self.name = name
        self.source = source
    }
}
