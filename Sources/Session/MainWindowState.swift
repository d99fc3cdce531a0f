import Rooms
/// What the main window shows and whether it is minimized.
public struct MainWindowState: Hashable, Sendable {
    /// The room list or one room's full view.
    public var content: MainWindowContent
    /// Shown or minimized.
    public var presence: WindowPresence

    /// Creates a main window state; by default the list, shown.
    public init(content: MainWindowContent = .list, presence: WindowPresence = .shown) {
        self.content = content
        self.presence = presence
    }
}

/// The main window's content.
public enum MainWindowContent: Hashable, Sendable {
    /// The room list (W1).
    case list
    /// One room's full view (W3, W4).
    case room(RoomID)
}

/// Whether a window is on screen or minimized.
public enum WindowPresence: Hashable, Sendable {
    case shown
    case minimized
}
