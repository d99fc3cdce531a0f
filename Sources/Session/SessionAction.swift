import EngineTerms
import Rooms
/// Something that happened, which the session reduces to a new state and effects.
public enum SessionAction: Hashable, Sendable {
    /// A room of the list was chosen (or named by `--open`) (W2).
    case roomSelected(Room)
    /// The user asked for PiP (P1).
    case pipRequested(origin: PiPOrigin)
    /// The float was clicked without dragging, or `Esc` pressed on it: restore (P9).
    case floatClicked
    /// The float's close button or `Ctrl+W`: release (P10).
    case floatCloseClicked
    /// The main window was minimized (P1 auto PiP).
    case mainWindowMinimized
    /// The main window was un-minimized or focused (P16 auto exit).
    case mainWindowRestored
    /// The main window showed its first picture of the room handed over from the float, or
    /// the app stopped waiting for it: the float window closes (P9, P16).
    case mainPictureShown
    /// A room's playback reported a new status.
    case playbackStatusChanged(RoomID, PlaybackStatus)
    /// Audio levels (dBFS by participant index) of the open call, measured at a time in seconds.
    case audioLevelsMeasured(at: Double, levels: [Int: Double])
    /// The user picked a call layout.
    case callLayoutSelected(CallLayout)
    /// The participant list control was pressed.
    case participantListToggled
    /// PiP was enabled or disabled, globally or for one room (M1).
    case pipEnabledChanged(PiPScope, PiPAvailability)
    /// The rooms file was read again and is valid: its settings, and the open room as the new
    /// list has it (nil: no longer listed) (M5).
    case roomsFileReloaded(RoomsSettings, openRoom: Room?)
    /// The live servers' directory changed the list: the open room as the list has it now (a
    /// joined call's participants; nil: no longer listed) (W8, W10).
    case directoryChanged(openRoom: Room?)
    /// The view's leave control: close the open room.
    case leaveClicked
    /// The error view's Retry control.
    case retryClicked
    /// The host view's back control: show the list while the broadcast goes on (W2, W6).
    case backToListClicked
}
