import EngineTerms
import Rooms
/// Choosing, leaving, retrying rooms, and the open room's changes in the list (W2, W6, M5).
extension SessionState {
    mutating func roomSelected(_ room: Room) -> [SessionEffect] {
        let id = room.id
        if isHosting, openRoomID != id { return [.toast(.stillHosting)] }
        if floatingRoomID == id {
            let effects = handOverFloat()
            mainWindow.content = .room(id)
            return effects + [.showRoom(id)]
        }
        if openRoomID == id {
            // A host browsing the list goes back to the broadcast it left running.
            guard mainWindow.content != .room(id) else { return [] }
            mainWindow.content = .room(id)
            return [.showRoom(id)]
        }
        let effects = floatingRoomID != nil ? releaseFloat() : stopOpenRoom()
        return effects + openForPlayback(room)
    }

    mutating func backToListClicked() -> [SessionEffect] {
        guard isHosting, let id = openRoomID, mainWindow.content == .room(id) else { return [] }
        mainWindow.content = .list
        return [.showList]
    }

    mutating func leaveClicked() -> [SessionEffect] {
        guard openRoomID != nil else { return [] }
        let effects = floatingRoomID != nil ? releaseFloat() : stopOpenRoom()
        mainWindow.content = .list
        return effects + [.showList]
    }

    mutating func retryClicked() -> [SessionEffect] {
        guard let room = openRoom else { return [] }
        switch status(of: room.id) {
        case .failed, .ended:
            playback[room.id] = .connecting
            activeSpeaker = ActiveSpeaker()
            return [.stopPlayback(room.id), .openPlayback(room)]
        case .idle, .connecting, .buffering, .playing, .reconnecting:
            return []
        }
    }

    /// The rooms file was read again: its settings, and the open room as the new list has it.
    mutating func roomsFileReloaded(_ settings: RoomsSettings, openRoom new: Room?) -> [SessionEffect] {
        self.settings = settings
        return openRoomListed(new)
    }

    /// The open room as the list has it now (nil: it left the list): kept, reopened or
    /// closed; a float whose room no longer allows PiP goes back to the full view.
    mutating func openRoomListed(_ new: Room?) -> [SessionEffect] {
        guard let old = openRoom else { return [] }
        var effects = reconcileOpenRoom(old, with: new)
        if let floating = floatingRoomID, openPiPAvailability(floating) == .disabled {
            effects += restoreFloat()
        }
        return effects
    }

    /// Keeps, reopens or closes the open room after a change of the list. A floating room
    /// whose source is gone is released (M5); one that became a host room goes back to
    /// the full view, since a host room never floats.
    private mutating func reconcileOpenRoom(_ old: Room, with new: Room?) -> [SessionEffect] {
        // A joined server call's participants come and go; the call goes on (W10).
        let callGoesOn = new.map { $0.isServerCall && $0.callServerID == old.callServerID } ?? false
        if callGoesOn, let new, case .call(let before) = old.media, case .call(let after) = new.media, before != after {
            activeSpeaker.remap(from: before.map(\.source.text), to: after.map(\.source.text))
        }
        guard let new, new.media == old.media || callGoesOn else {
            let notice: SessionNotice = new == nil ? .removedFromRoomsFile(title: old.title) : .newSource(title: old.title)
            let effects = floatingRoomID != nil ? releaseFloat() : stopOpenRoom()
            mainWindow.content = .list
            return effects + [.showList, .toast(notice)]
        }
        openRoom = new
        if new.role == .host, floatingRoomID != nil { return restoreFloat() }
        if new.role != .host, floatingRoomID == nil, mainWindow.content != .room(new.id) {
            // A broadcast left running behind the list is no longer hosted: show the room again.
            mainWindow.content = .room(new.id)
            return [.showRoom(new.id)]
        }
        return []
    }

    mutating func playbackStatusChanged(_ id: RoomID, _ status: PlaybackStatus) -> [SessionEffect] {
        guard openRoomID == id else {
            return [.log(.debug, "ignored status \(status) of room \"\(id)\", which is not open")]
        }
        playback[id] = status
        guard status == .ended, floatingRoomID == id else { return [] }
        let title = openRoom?.title ?? id
        let effects = releaseFloat()
        mainWindow.content = .list
        return effects + [.showList, .toast(.ended(title: title))]
    }
}
