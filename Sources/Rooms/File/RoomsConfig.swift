/// A whole, valid rooms file: every room and the settings.
public struct RoomsConfig: Hashable, Sendable {
    /// The rooms in file order.
    public var rooms: [Room]
    /// The settings, with defaults filled in.
    public var settings: RoomsSettings
    /// The live servers whose streams become rooms, in file order.
    public var servers: [LiveServer]
    /// Who the user is in calls and what they send (R5).
    public var me: Me
    /// The playlists whose entries become rooms (R7), in file order.
    public var playlists: [PlaylistReference]

    /// Creates a configuration.
    public init(rooms: [Room], settings: RoomsSettings = RoomsSettings(), servers: [LiveServer] = [], me: Me = Me(),
                playlists: [PlaylistReference] = []) {
        self.rooms = rooms
        self.settings = settings
        self.servers = servers
        self.me = me
        self.playlists = playlists
    }
}
