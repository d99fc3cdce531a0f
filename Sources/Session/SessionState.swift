import EngineTerms
import Rooms
/// Everything the PiP session knows: rooms, windows, playback, PiP mode and call view.
///
/// Change it only through ``reduce(_:)``, which returns the effects the shell
/// must carry out. Invariants kept by the reducer:
/// - at most one room is open for playback, and the floating room is that room;
/// - a host room never floats;
/// - while a room is open and not floating, the main window shows it, except that a host
///   may browse the list while the broadcast goes on;
/// - ``isActive`` is true exactly while a room floats.
public struct SessionState: Hashable, Sendable {
    /// The rooms in list order.
    public var rooms: [Room]
    /// `auto_pip` and `auto_exit`.
    public var settings: RoomsSettings
    /// What the main window shows and whether it is minimized.
    public var mainWindow: MainWindowState
    /// The room whose source player runs, if any.
    public var openRoomID: RoomID?
    /// The room shown in the float, if any; always the open room.
    public var floatingRoomID: RoomID?
    /// Playback status of rooms that are open; others are idle.
    public var playback: [RoomID: PlaybackStatus]
    /// PiP enabled for all rooms, or disabled by `--no-pip` (M1).
    public var globalPiP: PiPAvailability
    /// The call view's layout.
    public var callLayout: CallLayout
    /// Whether the call's participant list is shown.
    public var participantList: PanelVisibility
    /// The open call's active speaker.
    public var activeSpeaker: ActiveSpeaker

    /// Creates the state at start: the list shown, nothing open.
    public init(
        config: RoomsConfig,
        globalPiP: PiPAvailability = .enabled,
        callLayout: CallLayout = .tile,
        participantList: PanelVisibility = .hidden
    ) {
        rooms = config.rooms
        settings = config.settings
        mainWindow = MainWindowState()
        openRoomID = nil
        floatingRoomID = nil
        playback = [:]
        self.globalPiP = globalPiP
        self.callLayout = callLayout
        self.participantList = participantList
        activeSpeaker = ActiveSpeaker()
    }

    /// True from `willStart` to `willStop`: a room floats (M3).
    public var isActive: Bool { floatingRoomID != nil }

    /// The lifecycle phase derived from the float.
    public var phase: PiPPhase { isActive ? .active : .inactive }

    /// The room with this id.
    public func room(_ id: RoomID) -> Room? {
        rooms.first { $0.id == id }
    }

    /// The open room, if any.
    public var openRoom: Room? { openRoomID.flatMap(room) }

    /// The room's playback status (idle when not open).
    public func status(of id: RoomID) -> PlaybackStatus {
        playback[id] ?? .idle
    }

    /// Whether PiP is enabled for the room (M1): globally and by its `pip` field.
    /// When disabled there is no PiP control and requests do nothing.
    public func pipAvailability(for id: RoomID) -> PiPAvailability {
        guard globalPiP == .enabled, let room = room(id), room.pip else { return .disabled }
        return .enabled
    }

    /// Why the room may not enter PiP now (M2), or nil when it may.
    public func pipRefusal(for id: RoomID) -> PiPRefusal? {
        guard openRoomID == id, let room = room(id) else { return .noRoomOpen }
        guard room.role != .host else { return .hosting }
        let status = status(of: id)
        return status.allowsPiP ? nil : .notPlaying(status)
    }

    /// Whether a host room is open, which locks the room choice (W2).
    public var isHosting: Bool { openRoom?.role == .host }
}

/// Whether picture-in-picture is active.
public enum PiPPhase: Hashable, Sendable {
    case inactive
    case active
}
