/// A whole, valid rooms file: every room and the settings.
public struct RoomsConfig: Hashable, Sendable {
    /// The rooms in file order.
    public var rooms: [Room]
    /// The settings, with defaults filled in.
    public var settings: RoomsSettings
    /// The live servers whose streams become rooms, in file order.
    public var servers: [LiveServer]

    /// Creates a configuration.
    public init(rooms: [Room], settings: RoomsSettings = RoomsSettings(), servers: [LiveServer] = []) {
        self.rooms = rooms
        self.settings = settings
        self.servers = servers
    }
}
