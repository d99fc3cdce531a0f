import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms

/// Something that happened, in the app's terms: the shell translates SDL's event union,
/// its polls of playback and files, and the clock into these, in one place.
public enum AppEvent: Equatable, Sendable {
    /// The app starts: `--open ROOM` (and `--float`) are carried out.
    case started(openRoom: RoomID?, float: Bool)
    /// A key went down in a window, with Ctrl or Shift held or not (`isRepeat` for auto-repeat).
    case key(Key, window: WindowKind, ctrl: Bool, shift: Bool = false, isRepeat: Bool)
    /// Text was typed in a window, or committed by the input method (`SDL_TEXTINPUT`).
    case textTyped(String, window: WindowKind)
    /// The input method's composition in a window changed (`SDL_TEXTEDITING`): its text, and
    /// its cursor `start` and the `length` it converts from there, in Unicode scalars.
    case textEdited(String, start: Int, length: Int, window: WindowKind)
    /// The middle button went down at window pixels (x, y) (X11 pastes the primary selection).
    case middlePressed(window: WindowKind, x: Int, y: Int)
    /// The text index under a pointer in a field, answering ``AppEffect/locateInField(_:x:_:)``.
    case fieldIndexFound(Fields.Name, index: Int, FieldPointer)
    /// Text read from the clipboard or the primary selection for `target`, answering
    /// ``AppEffect/readClipboard(_:)`` or ``AppEffect/readPrimarySelection(_:)`` (empty when
    /// they held none).
    case textPasted(String, from: TextField.PasteSource, to: PasteTarget)
    /// The pointer moved to window pixels (x, y) of `window`, at global point `global`.
    case pointerMoved(window: WindowKind, x: Int, y: Int, global: Point, time: Double)
    /// The left button went down.
    case pointerPressed(window: WindowKind, x: Int, y: Int, global: Point, time: Double)
    /// The left button went up; `overFloat` says whether the pointer is over the float now.
    case pointerReleased(window: WindowKind, x: Int, y: Int, global: Point, time: Double, overFloat: Bool)
    /// The wheel turned in a window; positive steps are away from the user.
    case wheel(window: WindowKind, steps: Int)
    /// The wheel turned with Ctrl or Shift held: over the float it changes the volume (P11
    /// keeps the plain wheel for resizing).
    case wheelWithModifier(window: WindowKind, steps: Int)
    /// The desktop's media controls sent a command.
    case media(MediaCommand)
    /// The desktop reports its scale factor (at start of a change, or again unchanged).
    case desktopScaleRead(Double)
    /// The desktop's reduced-motion and high-contrast settings, read at start or changed (X8).
    case desktopPreferencesRead(DesktopPreferences)
    /// The text was laid out again at the new scale: the metrics measured at it.
    case scaleChanged(UIMetrics)
    /// The shell measured ``AppState/textToMeasure`` with its fonts: this many pixels wide.
    case textMeasured(UIMetrics.LabelKey, width: Int)
    /// The user pressed or released a button or key on the app's windows at this X server time
    /// (ms).
    case userInput(serverTime: UInt)
    /// The pointer entered a window.
    case pointerEntered(WindowKind)
    /// The pointer left a window.
    case pointerLeft(WindowKind)
    /// A window's output size is now (width, height) pixels.
    case resized(WindowKind, width: Int, height: Int)
    /// The X server exposed a window (it is on screen): it must be painted again.
    case exposed(WindowKind)
    /// A window was shown, which SDL reports when the window manager says so: on X11 maybe
    /// before the manager has mapped it again (openbox restoring a minimized window). It must be
    /// painted, but what it presents reaches the screen only once it is exposed.
    case shown(WindowKind)
    /// The main window was minimized.
    case minimized
    /// The main window was restored from minimized.
    case restored
    /// The main window got the focus; `minimized` says whether it still is.
    case focused(minimized: Bool)
    /// The main window lost the focus.
    case focusLost
    /// A window's close button, or the app was asked to quit.
    case closed(WindowKind)
    /// The displays or their work areas as read now (P13).
    case displaysRead([Display])
    /// The main window moved (or was placed) with its centre at `center` on the desktop.
    case mainWindowMoved(center: Point)
    /// The display's refresh rate in Hz.
    case refreshRateRead(Double)
    /// The float window could not be shown.
    case floatFailedToShow
    /// The compositor did not put the float in front of the main window (P18).
    case floatNotActivated
    /// The sources of an open room as polled now.
    case playbackPolled(RoomID, [SourceReport])
    /// A source has a frame with this serial ready to show.
    case frameReady(RoomID, source: Int, serial: Int)
    /// New frames were uploaded to a window and wait for their present; `frames` are the main
    /// view's room's new pictures, by source.
    case framesUploaded(WindowKind, frames: [UploadedFrame] = [])
    /// A window was painted showing a picture with this timestamp (nil: none yet); reported
    /// just before ``painted(_:)``.
    case pictureShown(WindowKind, pts: Double?)
    /// A window was painted and presented.
    case painted(WindowKind)
    /// The rooms file was read again and is valid (M5).
    case roomsReloaded(RoomsConfig)
    /// The rooms file changed but does not load (why); the current rooms stay.
    case roomsFileFailed(RoomsLoadError)
    /// A probe of a source to add ended: the title the source gives itself, if any (R6).
    case sourceProbed(serial: Int, title: String?)
    /// A change to the user's rooms file was saved, or why not (R6).
    case userRoomsSaved(UserRoomsChange, Result<UserRoomsSaved, RoomsSaveError>)
    /// A live server's statistics page was fetched and read (or could not be), for the
    /// directory's refresh `serial`.
    case directoryFetched(serverID: String, serial: Int, Result<[LiveStreamInfo], DirectoryError>)
    /// A Janus server's calls were read (or could not be), for the directory's refresh `serial` (R8).
    case directoryCallsFetched(serverID: String, serial: Int, Result<[ListedCall], DirectoryError>)
    /// The joined Janus call took the user in as publisher `feed` (R8): the list leaves that
    /// participant out, as it leaves out the user's own stream of an RTMP call.
    case janusCallJoined(RoomID, feed: UInt64)
    /// The joined Janus call's server said someone joined, left, published or stopped (its
    /// VideoRoom events, R8): its section is read again now, not at the next second's refresh.
    case janusCallChanged(serverID: String)
    /// The joined call's media connection gave up (R8): the call view says why; the user may
    /// leave, or leave and join again.
    case callFailed(RoomID, CallFailure)
    /// A playlist was read and made rooms off the main thread (or could not be), for the
    /// playlists' read `serial` (R7).
    case playlistRead(PlaylistAddress, serial: Int, Result<PlaylistRooms, PlaylistLoadFailure>)
    /// The host room's publisher as polled now.
    case broadcastPolled(RoomID, BroadcastReport)
    /// The joined call's own stream's publisher as polled now.
    case callSendPolled(RoomID, BroadcastReport)
    /// The loop woke; `pointer` is the global pointer now.
    case tick(pointer: Point)
    /// The loop handled its events and painted: what only the desktop sees (the media
    /// controls) is brought up to date.
    case idle
    /// The media controls could not start; the shell logged why.
    case mediaControlsFailed
    /// A person handed the app these items (R6), one string each: URLs, paths, `floatapp://`
    /// links. Each becomes a room of the list's "Opened" section (or finds the listed room of
    /// the same source); the first opens.
    case itemsGiven([String], from: ItemOrigin)
    /// The desktop or another FloatApp asked for the app (`org.freedesktop.Application`,
    /// W14): the main window comes to the front.
    case activated
    /// An assistive technology clicked the accessible object with this id (X7): a room's row
    /// or a button, as a pointer's click would.
    case accessibleClicked(String)
    /// An assistive technology set the text of the accessible field with this id (X7).
    case accessibleTextSet(String, String)

    /// A window's report of its own painting (frames uploaded, picture presented), the time of
    /// the user's latest input, or the loop's idle turn: it changes when a window is painted
    /// next, how it is raised or what the media controls show, never what a window shows.
    var changesNoView: Bool {
        switch self {
        case .framesUploaded, .pictureShown, .painted, .userInput, .idle: true
        default: false
        }
    }
}

/// The keys the app acts on.
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end, enter, space, escape, backspace, delete
    case plus, minus
    /// Tab moves the keyboard focus (Shift+Tab back); F6 moves it between the windows (X7).
    case tab, f6
    case letter(Character)

    /// Keys whose auto-repeat is acted on: a repeated Esc must not restore the float and then
    /// leave the room.
    public var repeats: Bool {
        switch self {
        case .up, .down, .left, .right, .pageUp, .pageDown, .plus, .minus: true
        default: false
        }
    }
}

/// A source's new picture uploaded for the main view: its source, timestamp, and whether it is
/// a still (not live).
public struct UploadedFrame: Equatable, Sendable {
    /// The source (a call's participant).
    public var source: Int
    /// The picture's timestamp in seconds.
    public var pts: Double
    /// Whether the picture is a still kept while the source was hidden.
    public var still: Bool

    /// Creates an uploaded frame.
    public init(source: Int, pts: Double, still: Bool) {
        self.source = source
        self.pts = pts
        self.still = still
    }
}

/// What a pointer does in a text field, whose text index the shell finds.
public enum FieldPointer: Hashable, Sendable {
    /// The left button went down: the caret goes there (a double click selects a word).
    case press
    /// The held pointer moved: the selection follows.
    case drag
    /// The middle button went down: the primary selection is pasted there.
    case middle
}

/// Where pasted text goes.
public enum PasteTarget: Hashable, Sendable {
    /// Into a text field.
    case field(Fields.Name)
    /// Into the room list with no field focused: each line is an item to open (Ctrl+V).
    case list
}
