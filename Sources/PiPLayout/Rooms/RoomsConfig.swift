/// A whole, valid rooms file: every room and the settings.
public struct RoomsConfig: Hashable, Sendable {
    /// The rooms in file order.
    public var rooms: [Room]
    /// The settings, with defaults filled in.
    public var settings: RoomsSettings

    /// Creates a configuration.
    public init(rooms: [Room], settings: RoomsSettings = RoomsSettings()) {
        self.rooms = rooms
        self.settings = settings
    }
}
