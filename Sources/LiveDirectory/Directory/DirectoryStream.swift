import Rooms
/// A live stream in a server's section of the room list; the same room for as long as its
/// stream name stays on the server.
public struct DirectoryStream: Identifiable, Hashable, Sendable {
    /// The room's id, `<server>/<stream>`: the slash keeps it apart from every rooms-file id.
    public var id: RoomID
    /// The stream's name on the server.
    public var name: String
    /// What the server said about it at the last refresh that listed it.
    public var info: LiveStreamInfo
    /// When (on the directory's clock) the stream went live, from its age on the server.
    public var liveSince: Double
    /// When a refresh first missed it; nil while the server lists it.
    public var goneSince: Double?

    /// Creates a directory entry.
    public init(id: RoomID, name: String, info: LiveStreamInfo, liveSince: Double, goneSince: Double? = nil) {
        self.id = id
        self.name = name
        self.info = info
        self.liveSince = liveSince
        self.goneSince = goneSince
    }

    /// The room id of stream `name` on server `serverID`.
    public static func roomID(server serverID: String, stream name: String) -> RoomID {
        serverID + "/" + name
    }

    /// Seconds live at `now`, never negative.
    public func liveDuration(now: Double) -> Double { max(0, now - liveSince) }

    /// The room that plays this stream from `server`'s play URL: live, audience, the stream's name as title.
    public func room(on server: LiveServer) -> Room {
        Room(id: id, title: name, media: .live(source: .url(server.play.url(forStream: name))))
    }
}
