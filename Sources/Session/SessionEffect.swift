import Logging
import Rooms
/// Work the application shell carries out, in order, after a reduction.
public enum SessionEffect: Hashable, Sendable {
    /// Start a source player for the room.
    case openPlayback(Room)
    /// Stop the room's source player.
    case stopPlayback(RoomID)
    /// Create the float window showing the room's view (P2).
    case showFloat(RoomID)
    /// Destroy the float window.
    case closeFloat
    /// Keep the float window showing the room until the main window shows it
    /// (``SessionAction/mainPictureShown``), then ``closeFloat`` follows (P9, P16).
    case handOverFloat(RoomID)
    /// Show, raise and focus the main window with this content (P9).
    case showMainWindow(MainWindowContent)
    /// Switch the main window to the room list.
    case showList
    /// Switch the main window to a room's full view.
    case showRoom(RoomID)
    /// Show a short message over the main window.
    case toast(SessionNotice)
    /// Tell PiP observers about a lifecycle step (M3).
    case lifecycle(PiPLifecycleEvent)
    /// Tell views and observers to re-lay out (M4).
    case layout(PiPLayoutEvent)
    /// Write a log line (for developers: not translated).
    case log(LogLevel, String)
}
