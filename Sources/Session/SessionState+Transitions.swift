import Rooms
/// The building blocks every action is made of; each keeps the invariants.
extension SessionState {
    /// How a room came to float (P1).
    enum PiPEntry {
        /// Control, key or `--float`: the main window goes back to the list.
        case request
        /// Minimizing: the main window keeps the room's view.
        case minimize
    }

    /// Opens a room for playback in the main window. Nothing may be open.
    mutating func openForPlayback(_ room: Room) -> [SessionEffect] {
        openRoom = room
        playback[room.id] = .connecting
        activeSpeaker = ActiveSpeaker()
        mainWindow.content = .room(room.id)
        return [.openPlayback(room), .showRoom(room.id)]
    }

    /// Stops the open room's playback; the caller chooses what the main window shows next.
    mutating func stopOpenRoom() -> [SessionEffect] {
        guard let id = openRoomID else { return [] }
        openRoom = nil
        playback[id] = nil
        activeSpeaker = ActiveSpeaker()
        if mainWindow.content == .room(id) { mainWindow.content = .list }
        return [.stopPlayback(id)]
    }

    /// Moves the open room into the float (willStart ... didStart).
    mutating func enterFloat(_ id: RoomID, by entry: PiPEntry) -> [SessionEffect] {
        floatingRoomID = id
        var effects: [SessionEffect] = [
            .lifecycle(.willStart), .showFloat(id), .layout(.pipLayoutEnabled), .lifecycle(.didStart),
        ]
        if entry == .request {
            mainWindow.content = .list
            effects.append(.showList)
        }
        return effects
    }

    /// Closes the float, keeping playback (willStop ... didStop).
    mutating func leaveFloat() -> [SessionEffect] {
        guard floatingRoomID != nil else { return [] }
        floatingRoomID = nil
        return [.lifecycle(.willStop), .closeFloat, .layout(.pipLayoutDisabled), .lifecycle(.didStop)]
    }

    /// Back to the full view in a shown, raised, focused main window (P9).
    mutating func restoreFloat() -> [SessionEffect] {
        guard let id = floatingRoomID else { return [] }
        let effects = leaveFloat()
        mainWindow = MainWindowState(content: .room(id), presence: .shown)
        return effects + [.showMainWindow(.room(id))]
    }

    /// Closes the float and stops its playback; the caller chooses the main window's content.
    mutating func releaseFloat() -> [SessionEffect] {
        guard floatingRoomID != nil else { return [] }
        return leaveFloat() + stopOpenRoom()
    }
}
