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
        let handedOver = mainPictureShown()
        openRoom = nil
        playback[id] = nil
        activeSpeaker = ActiveSpeaker()
        if mainWindow.content == .room(id) { mainWindow.content = .list }
        return handedOver + [.stopPlayback(id)]
    }

    /// Moves the open room into the float (willStart ... didStart); a float still handing over
    /// to the full view closes first.
    mutating func enterFloat(_ id: RoomID, by entry: PiPEntry) -> [SessionEffect] {
        var effects = mainPictureShown()
        floatingRoomID = id
        effects += [
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

    /// Ends PiP for the full view (willStop ... didStop), the float window staying on screen
    /// until the main window shows its first picture of the room (``mainPictureShown()``): a
    /// main window coming back from minimized shows nothing until the window manager maps it
    /// again, and the room must not leave the screen meanwhile (P9, P16).
    mutating func handOverFloat() -> [SessionEffect] {
        guard let id = floatingRoomID else { return [] }
        floatingRoomID = nil
        floatHandover = id
        return [.lifecycle(.willStop), .handOverFloat(id), .layout(.pipLayoutDisabled), .lifecycle(.didStop)]
    }

    /// The main window showed the room handed over to it, or the app stopped waiting: the
    /// float window closes.
    mutating func mainPictureShown() -> [SessionEffect] {
        guard floatHandover != nil else { return [] }
        floatHandover = nil
        return [.closeFloat]
    }

    /// Back to the full view in a shown, raised, focused main window (P9).
    mutating func restoreFloat() -> [SessionEffect] {
        guard let id = floatingRoomID else { return [] }
        let effects = handOverFloat()
        mainWindow = MainWindowState(content: .room(id), presence: .shown)
        return effects + [.showMainWindow(.room(id))]
    }

    /// Closes the float and stops its playback; the caller chooses the main window's content.
    mutating func releaseFloat() -> [SessionEffect] {
        guard floatingRoomID != nil else { return [] }
        return leaveFloat() + stopOpenRoom()
    }
}
