import LiveDirectory
import Localization
import PiPLayout
import Rooms
import Session

/// Everything the app decides, in one value: the session, the float motion, the calls, the
/// broadcast, the paint pacing and the media controls as child states, plus list, room view,
/// float pointer, statuses and toasts.
///
/// Change it only through ``reduce(_:now:)``, which returns the effects the shell carries
/// out. Time enters only as the `now` of each event.
public struct AppState: Equatable, Sendable {
    /// The open and floating room, windows, PiP mode and call view (the session model).
    public var session: SessionState
    /// The float's motion; nil until a float is first shown.
    public var motion: FloatMotion?
    /// The main window: size, list, room view controls, paint pacing.
    public var main: MainState
    /// The float window: visibility, pointer, speaker, paint pacing.
    public var float: FloatState
    /// The live servers' sections (W8): their streams are the rooms after the rooms file's.
    public var directory: LiveDirectory
    /// The rooms file's own rooms and `me`; the list (``listedRooms``) is the opened items'
    /// rooms, then its rooms, then the directory's, derived from all three whenever it is read.
    public var roomsFile: RoomsFileState
    /// The rooms a person brought this run: arguments, links, drops, pastes (R6).
    public var opened: OpenedItems
    /// The playlists read as rooms sources (R7): their rooms follow the rooms file's.
    public var playlists: Playlists
    /// Where the rooms the user adds are saved, the sources being probed, the room deleted last (R6).
    public var userRooms: UserRooms
    /// The host room's real broadcast (W6, W9).
    public var broadcasting: Broadcasting
    /// The call the user has joined, and how many this run has (W10).
    public var calls: Calls
    /// The confirmation before joining a call from an invite link, and the servers links made
    /// known (W13).
    public var callLinks: CallLinks
    /// Per open room: source statuses, audio, levels and frames.
    public var rooms: [RoomID: OpenRoom]
    /// When each window is painted.
    public var paint: PaintPacing
    /// The desktop's media controls: the player name and what it shows.
    public var mediaControls: MediaControls
    /// The main window's text fields: the search, the location field, the keyboard's focus (W11, W12).
    public var fields: Fields
    /// Notices over the main window.
    public var toasts: [Toast]
    /// The displays as last read, for placing the float.
    public var displays: [Display]
    /// When the loop should read the displays and the rooms file next.
    public var checks: Checks
    /// Fixed facts of this run: scale, label widths, refresh rate, options.
    public var environment: AppEnvironment
    /// Whether the app should end, and its exit status.
    public var exit: Int32?

    /// The state at start with the rooms file's `config`: the list shown, nothing open; rooms
    /// the user adds are saved as `store` says.
    public init(config: RoomsConfig, globalPiP: PiPAvailability = .enabled, environment: AppEnvironment,
                displays: [Display] = [], store: UserRooms.Store = .elsewhere) {
        session = SessionState(settings: config.settings, globalPiP: globalPiP)
        directory = LiveDirectory(servers: config.servers)
        _ = directory.send(.hideCalls(Self.serverCallIDs(of: config.rooms)))
        roomsFile = RoomsFileState(rooms: config.rooms, me: config.me)
        opened = OpenedItems()
        playlists = Playlists(config.playlists)
        userRooms = UserRooms(store: store)
        broadcasting = Broadcasting()
        calls = Calls()
        callLinks = CallLinks()
        motion = nil
        main = MainState()
        float = FloatState()
        paint = PaintPacing()
        mediaControls = MediaControls()
        fields = Fields(rightToLeftUI: environment.direction == .rightToLeft)
        rooms = [:]
        toasts = []
        self.displays = displays
        checks = Checks()
        self.environment = environment
        exit = nil
    }
}

/// Facts of the run the shell measures once (or when displays change).
public struct AppEnvironment: Equatable, Sendable {
    /// UI scale and label widths.
    public var metrics: UIMetrics
    /// The display's refresh rate in Hz.
    public var refreshRate: Double
    /// Whether the compositor moves the float (Wayland, P18): no snapping, no wheel resizing.
    public var compositorMovesFloat: Bool
    /// `--exit-on-end` with `--open ROOM`: the room whose end (status 0) or failure for good
    /// (status 1) quits the app.
    public var exitWhenEnded: RoomID?
    /// The float placement saved by a previous run (P15).
    public var savedPlacement: Placement?
    /// The direction of the user's language (X5): right to left mirrors the main window.
    public var direction: TextDirection
    /// The desktop's name, camera and microphone, for what `me` leaves out (R5).
    public var desktop: DesktopDevices
    /// This run's random start of every call stream's tag (``CallMember``), so two people of the
    /// same name are two participants; empty for untagged streams.
    public var joinTag: String
    /// The directory the app started in: the command line's relative paths are read against it
    /// (R6); nil when it cannot be read.
    public var currentDirectory: String?
    /// `--float` without `--open`: the command line's first item floats once it opens.
    public var floatGivenItem: Bool
    /// The desktop's reduced-motion and high-contrast settings as last read (X8).
    public var preferences = DesktopPreferences()

    /// Creates an environment.
    public init(metrics: UIMetrics, refreshRate: Double = 60, compositorMovesFloat: Bool = false,
                exitWhenEnded: RoomID? = nil, savedPlacement: Placement? = nil,
                direction: TextDirection = .leftToRight, desktop: DesktopDevices = DesktopDevices(accountName: "me"),
                joinTag: String = "", currentDirectory: String? = nil, floatGivenItem: Bool = false) {
        self.metrics = metrics
        self.refreshRate = refreshRate
        self.compositorMovesFloat = compositorMovesFloat
        self.exitWhenEnded = exitWhenEnded
        self.savedPlacement = savedPlacement
        self.direction = direction
        self.desktop = desktop
        self.joinTag = joinTag
        self.currentDirectory = currentDirectory
        self.floatGivenItem = floatGivenItem
    }
}

/// What the app keeps of the rooms file besides the session's settings and the directory's
/// servers: its own rooms and `me` (R5), as last read.
public struct RoomsFileState: Equatable, Sendable {
    /// The file's rooms, in its order.
    public var rooms: [Room]
    /// The user in calls; the desktop fills in what it leaves out.
    public var me: Me

    /// Creates the state of a file read.
    public init(rooms: [Room], me: Me = Me()) {
        self.rooms = rooms
        self.me = me
    }
}

/// When the loop last read things it polls.
public struct Checks: Equatable, Sendable {
    /// When the displays were last read while the float showed (or when it was shown).
    public var displaysAt: Double = -.infinity
    /// When the rooms file was last checked.
    public var roomsFileAt: Double = 0
    /// When the open call's audio levels were last measured.
    public var levelsAt: Double = -.infinity
    /// When the memory the last closed room freed should be handed back to the system; nil
    /// while a room is open or once it was handed back.
    public var releaseMemoryAt: Double?
}

/// A short notice at the bottom of the main window.
public struct Toast: Equatable, Sendable {
    /// The text.
    public var message: String
    /// When it goes away.
    public var until: Double

    /// How long a toast stays.
    public static let duration = 4.0
    /// How long a toast fades out before it goes.
    public static let fade = 0.3
    /// The most toasts shown at once.
    public static let limit = 3

    /// What its button does; nil for a toast without a button.
    public var action: ToastAction?

    /// Creates a toast.
    public init(message: String, until: Double, action: ToastAction? = nil) {
        self.message = message
        self.until = until
        self.action = action
    }
}

/// What a toast's button does.
public enum ToastAction: Hashable, Sendable {
    /// Put the room deleted last back (R6).
    case undoDelete

    /// The button's label.
    public var label: String {
        switch self {
        case .undoDelete: tr("Undo")
        }
    }
}

/// Which window an event happened in.
public enum WindowKind: Hashable, Sendable {
    case main
    case float
}
