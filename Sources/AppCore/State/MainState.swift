import PiPLayout
import Session

/// The main window as the app decides it: size, list, room view controls.
public struct MainState: Equatable, Sendable {
    /// The renderer's output size in pixels.
    public var width = 0
    /// The renderer's output height in pixels.
    public var height = 0
    /// The room list's selection, scroll and hover (W1).
    public var list = ListState()
    /// The header's room count as the shell's fonts last measured it (``AppState/textToMeasure``):
    /// the add button and the field beside it are placed by its width.
    public var countLabel: MeasuredText?
    /// The numbers ``countLabel`` says, when it says the list's: while they and the scale
    /// stay, the label needs neither wording nor measuring again.
    var countLabelCount: RoomCount?
    /// The room view control under the pointer.
    public var hovered: RoomControl?
    /// Whether the volume slider is being dragged.
    public var draggingVolume = false
    /// Until when the control bar shows after pointer motion or a key (W3).
    public var controlsUntil = -Double.infinity
    /// The window's centre on the desktop, once known: the float opens on its display (P7).
    public var center: Point?
    /// The X server's time (ms) of the user's latest button or key press or release on the
    /// app's windows, 0 until one is seen: what raising the main window tells the window
    /// manager the user asked for it.
    public var userTime: UInt = 0
    /// Whether the window presented a picture since it was last mapped: a Wayland window
    /// appears with its first one, so a float put in front before then ends up behind it (P18).
    public var presentedSinceMapped = false
    /// Whether what the window presents reaches the screen, as far as the app knows: not from
    /// its minimize or its restore until it is exposed. SDL reports a restore when the window
    /// manager says so, which may be before the manager maps the window again (openbox), and
    /// an unmapped window shows nothing it presents (P9, P16).
    public var onScreen = true
    /// Whether the window was minimized to uncover the float (P18, no activation) and must be
    /// mapped again to come back.
    public var minimizedForFloat = false

    /// How long the control bar stays after the last pointer motion (W3).
    public static let controlsTimeout = 3.0

    /// Creates the state at start.
    public init() {}
}

/// The room list's selection, scroll offset and hovered row (W1).
public struct ListState: Equatable, Sendable {
    /// The selected row.
    public var selected = 0
    /// How far the rows are scrolled up, in pixels.
    public var scrollOffset = 0
    /// The row under the pointer.
    public var hovered: Int?

    /// Creates a list state.
    public init(selected: Int = 0, scrollOffset: Int = 0, hovered: Int? = nil) {
        self.selected = selected
        self.scrollOffset = scrollOffset
        self.hovered = hovered
    }
}

/// The controls of a room's full view.
public enum RoomControl: Hashable, Sendable {
    case pip, mute, volume, leave, layout(CallLayout), participants, retry, back, goLive
    /// The joined call's camera toggle (W10).
    case camera
    /// A failed call participant's own Retry on their tile.
    case retrySource(Int)
    /// Copy the room's invite link (W13).
    case inviteLink
}
