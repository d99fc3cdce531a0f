import AppCoreTestSupport
import EngineTerms
import Rooms
import Session
import TestSupport
import XCTest

/// Rooms and states that the session tests start from.
enum SessionFixtures {
    static let liveA = FixtureRooms.liveA
    static let liveB = FixtureRooms.liveB
    static let call = FixtureRooms.call
    static let host = FixtureRooms.host
    static let noPiP = FixtureRooms.noPiP

    static let config = RoomsConfig(rooms: FixtureRooms.all)

    /// The start state: list shown, nothing open.
    static func start(settings: RoomsSettings = RoomsSettings()) -> SessionState {
        SessionState(settings: settings)
    }

    /// A state with `room` open in the main window and reporting `status`.
    static func open(_ room: Room, status: PlaybackStatus = .playing, settings: RoomsSettings = RoomsSettings()) -> SessionState {
        var state = start(settings: settings)
        _ = state.reduce(.roomSelected(room))
        _ = state.reduce(.playbackStatusChanged(room.id, status))
        return state
    }

    /// A state with `room` floating, entered by the PiP control (main window on the list).
    static func floatingByRequest(_ room: Room, settings: RoomsSettings = RoomsSettings()) -> SessionState {
        var state = open(room, settings: settings)
        _ = state.reduce(.pipRequested(origin: .control))
        return state
    }

    /// A state with `room` floating, entered by minimizing (main window minimized on the room).
    static func floatingByMinimize(_ room: Room, settings: RoomsSettings = RoomsSettings()) -> SessionState {
        var state = open(room, settings: settings)
        _ = state.reduce(.mainWindowMinimized)
        return state
    }
}

/// The effects of leaving the float, in lifecycle order.
let leaveFloatEffects: [SessionEffect] = [.lifecycle(.willStop), .closeFloat, .layout(.pipLayoutDisabled), .lifecycle(.didStop)]
/// The effects of ending PiP for the full view with `id`, in lifecycle order: the float window
/// stays until the main window shows the room (P9, P16).
func handOverEffects(_ id: RoomID) -> [SessionEffect] {
    [.lifecycle(.willStop), .handOverFloat(id), .layout(.pipLayoutDisabled), .lifecycle(.didStop)]
}
/// The effects of entering the float with `id`, in lifecycle order.
func enterFloatEffects(_ id: RoomID) -> [SessionEffect] {
    [.lifecycle(.willStart), .showFloat(id), .layout(.pipLayoutEnabled), .lifecycle(.didStart)]
}
