import EngineTerms
import Rooms

/// Everything the PiP session knows: the open room, windows, playback, PiP mode and call view.
/// The list of rooms is not its own: the app derives it from the rooms file and the live
/// directory, and hands the session the room an action is about.
///
/// Change it only through ``reduce(_:)``, which returns the effects the shell
/// must carry out. Invariants kept by the reducer:
/// - at most one room is open for playback, and the floating room is that room;
/// - a host room never floats;
/// - while a room is open and not floating, the main window shows it, except that a host
///   may browse the list while the broadcast goes on;
/// - ``isActive`` is true exactly while a room floats;
/// - a float window shows the floating room, or the room handed over to the full view
///   (``floatHandover``) until the main window shows it, never both.
public struct SessionState: Hashable, Sendable {
    /// `auto_pip` and `auto_exit`.
    public var settings: RoomsSettings
    /// What the main window shows and whether it is minimized.
    public var mainWindow: MainWindowState
    /// The room whose source player runs, if any, as it was opened (a joined call's
    /// participants as they last changed): a reload compares the list's room with it.
    public var openRoom: Room?
    /// The room shown in the float, if any; always the open room.
    public var floatingRoomID: RoomID?
    /// The room whose float window stays on screen after PiP ended for the full view, until
    /// the main window shows its first picture of it (``SessionAction/mainPictureShown``):
    /// always the open room, never while a room floats (P9, P16).
    public var floatHandover: RoomID?
    /// Playback status of rooms that are open; others are idle. The app's one copy of a room's
    /// combined status.
    public var playback: [RoomID: PlaybackStatus]
    /// PiP enabled for all rooms, or disabled by `--no-pip` (M1).
    public var globalPiP: PiPAvailability
    /// PiP enabled or disabled for a room by id, over its `pip` field (M1).
    public var pipByRoom: [RoomID: Bool]
    /// The call view's layout.
    public var callLayout: CallLayout
    /// Whether the call's participant list is shown.
    public var participantList: PanelVisibility
    /// The open call's active speaker.
    public var activeSpeaker: ActiveSpeaker

    /// Creates the state at start: the list shown, nothing open.
    public init(
        settings: RoomsSettings = RoomsSettings(),
        globalPiP: PiPAvailability = .enabled,
        callLayout: CallLayout = .tile,
        participantList: PanelVisibility = .hidden
    ) {
        self.settings = settings
        mainWindow = MainWindowState()
        openRoom = nil
        floatingRoomID = nil
        floatHandover = nil
        playback = [:]
        pipByRoom = [:]
        self.globalPiP = globalPiP
        self.callLayout = callLayout
        self.participantList = participantList
        activeSpeaker = ActiveSpeaker()
    }

    /// True from `willStart` to `willStop`: a room floats (M3).
    public var isActive: Bool { floatingRoomID != nil }

    /// The lifecycle phase derived from the float.
    public var phase: PiPPhase { isActive ? .active : .inactive }

    /// The room a float window shows: the floating room, or the room it hands over to the
    /// full view.
    public var floatWindowRoomID: RoomID? { floatingRoomID ?? floatHandover }

    /// The open room's id, if any.
    public var openRoomID: RoomID? { openRoom?.id }

    /// The room's playback status (idle when not open).
    public func status(of id: RoomID) -> PlaybackStatus {
        playback[id] ?? .idle
    }

    /// Whether PiP is enabled for the room (M1): globally, and by id or else by its `pip` field.
    /// When disabled there is no PiP control and requests do nothing.
    public func pipAvailability(for room: Room) -> PiPAvailability {
        guard globalPiP == .enabled, pipByRoom[room.id] ?? room.pip else { return .disabled }
        return .enabled
    }

    /// Whether PiP is enabled for the open room `id`; disabled when it is not open.
    func openPiPAvailability(_ id: RoomID) -> PiPAvailability {
        guard let room = openRoom, room.id == id else { return .disabled }
        return pipAvailability(for: room)
    }

    /// Why the room may not enter PiP now (M2), or nil when it may.
    public func pipRefusal(for id: RoomID) -> PiPRefusal? {
        guard let room = openRoom, room.id == id else { return .noRoomOpen }
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

extension SessionState {
    /// Applies an action and returns the effects to carry out, in order.
    public mutating func reduce(_ action: SessionAction) -> [SessionEffect] {
        switch action {
        case .roomSelected(let room): roomSelected(room)
        case .pipRequested(let origin): pipRequested(origin: origin)
        case .floatClicked: floatClicked()
        case .floatCloseClicked: floatCloseClicked()
        case .mainWindowMinimized: mainWindowMinimized()
        case .mainWindowRestored: mainWindowRestored()
        case .mainPictureShown: mainPictureShown()
        case .playbackStatusChanged(let id, let status): playbackStatusChanged(id, status)
        case .audioLevelsMeasured(let time, let levels): audioLevelsMeasured(at: time, levels: levels)
        case .callLayoutSelected(let layout): callLayoutSelected(layout)
        case .participantListToggled: participantListToggled()
        case .pipEnabledChanged(let scope, let availability): pipEnabledChanged(scope, availability)
        case .roomsFileReloaded(let settings, let open): roomsFileReloaded(settings, openRoom: open)
        case .directoryChanged(let open): openRoomListed(open)
        case .leaveClicked: leaveClicked()
        case .retryClicked: retryClicked()
        case .backToListClicked: backToListClicked()
        }
    }
}
