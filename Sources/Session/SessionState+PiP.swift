/// Entering and leaving PiP: requests, the float's buttons, the main window's
/// minimize and restore, and enabling (P1, P9, P10, P16, M1, M2).
extension SessionState {
    mutating func pipRequested(origin: PiPOrigin) -> [SessionEffect] {
        guard globalPiP == .enabled else { return [] }
        guard let id = openRoomID else { return refuse(.noRoomOpen) }
        guard openPiPAvailability(id) == .enabled else { return [] }
        guard floatingRoomID == nil else { return [.log(.debug, "PiP requested by \(origin) while already active")] }
        if let refusal = pipRefusal(for: id) { return refuse(refusal) }
        return enterFloat(id, by: .request)
    }

    private func refuse(_ refusal: PiPRefusal) -> [SessionEffect] {
        [.lifecycle(.failedToStart(refusal)), .toast(.refused(refusal))]
    }

    mutating func floatClicked() -> [SessionEffect] {
        restoreFloat()
    }

    mutating func floatCloseClicked() -> [SessionEffect] {
        guard floatingRoomID != nil else { return [] }
        let effects = releaseFloat()
        mainWindow.content = .list
        return effects + [.showList]
    }

    mutating func mainWindowMinimized() -> [SessionEffect] {
        guard mainWindow.presence == .shown else { return [] }
        mainWindow.presence = .minimized
        guard settings.autoPiP, floatingRoomID == nil, let id = openRoomID,
              mainWindow.content == .room(id), status(of: id) == .playing,
              openPiPAvailability(id) == .enabled, pipRefusal(for: id) == nil
        else { return [] }
        return enterFloat(id, by: .minimize)
    }

    mutating func mainWindowRestored() -> [SessionEffect] {
        mainWindow.presence = .shown
        guard settings.autoExit, let id = floatingRoomID, mainWindow.content == .room(id) else { return [] }
        return handOverFloat()
    }

    mutating func pipEnabledChanged(_ scope: PiPScope, _ availability: PiPAvailability) -> [SessionEffect] {
        switch scope {
        case .global:
            globalPiP = availability
        case .room(let id):
            pipByRoom[id] = availability == .enabled
        }
        guard let floating = floatingRoomID, openPiPAvailability(floating) == .disabled else { return [] }
        return restoreFloat()
    }
}
