import Localization

/// The labels the shell paints that no view model carries.
public enum ShellLabels {
    /// The name screen readers say for the click action of a row or button (X7).
    public static var click: String { tr("Click") }
    /// The call float's hang-up button.
    public static var leave: String { tr("Leave") }
    /// The list when the rooms file has none and no server lists any.
    public static var noRooms: String { tr("No rooms") }
    /// The list when the search finds none of its rooms (W11).
    public static var noRoomsMatch: String { tr("No rooms match") }
    /// The main window's stage while its room plays in the float.
    public static var playingInPiP: String { tr("Playing in picture-in-picture") }
    /// The call view's participant panel title.
    public static func participants(_ count: Int) -> String { trn("Participants (%d)", "Participants (%d)", count) }
}
