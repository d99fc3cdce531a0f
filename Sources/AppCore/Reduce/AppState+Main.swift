import Localization
import Rooms
import Session

/// The main window's keys and pointer: the list (W1) and a room's view (W3, W4, W5).
extension AppState {
    mutating func keyPressed(_ key: Key, window: WindowKind, ctrl: Bool, shift: Bool = false, now: Double) -> [AppEffect] {
        fields.spacePressedControl = false
        if let effects = focusKey(key, window: window, ctrl: ctrl, shift: shift, now: now) { return effects }
        if isFloat(window) { return floatKey(key, ctrl: ctrl, now: now) }
        if callLinks.asking != nil { return callLinkKey(key, now: now) }
        showControls(now: now)
        if key == .letter("q") && ctrl { return quit(0) }
        // Ctrl+Z brings a deleted room back, unless a field has the keyboard: then it undoes its edit.
        if key == .letter("z") && ctrl && !fieldHasKeyboard(window) { return undoDelete(now: now) }
        switch session.mainWindow.content {
        case .list: return fieldKey(key, ctrl: ctrl, shift: shift, now: now) ?? listKey(key, now: now)
        case .room(let id): return roomKey(key, id, now: now)
        }
    }

    private mutating func listKey(_ key: Key, now: Double) -> [AppEffect] {
        let all = shownRooms
        let rows = all.count
        let delta: Int
        switch key {
        case .up: delta = -1
        case .down: delta = 1
        case .pageUp: delta = -5
        case .pageDown: delta = 5
        case .home: delta = -rows
        case .end: delta = rows
        case .enter, .space:
            guard all.indices.contains(main.list.selected) else { return [] }
            return listedRoomPicked(all[main.list.selected], now: now)
        case .delete: return deleteSelected(now: now)
        default: return []
        }
        main.list = listLayout(all).moveSelection(main.list, by: delta, rows: rows, height: main.height)
        return []
    }

    private mutating func roomKey(_ key: Key, _ id: RoomID, now: Double) -> [AppEffect] {
        let effects: [AppEffect]
        switch key {
        case .letter("p"): effects = send(.pipRequested(origin: .key), now: now)
        case .letter("m"): effects = toggleMute(id)
        case .escape, .backspace:
            // A host goes back to the list with the broadcast running; others leave the room.
            effects = send(session.isHosting ? .backToListClicked : .leaveClicked, now: now)
        case .letter("l"):
            guard self.room(id)?.kind == .call, rooms[id] != nil else { return [] }
            effects = send(.callLayoutSelected(session.callLayout.next), now: now)
        case .letter("u"): effects = send(.participantListToggled, now: now)
        case .letter("r"): effects = retry(id, now: now)
        case .enter:
            // Enter opens an ended room again, as picking it does: a recording plays from its start (D8).
            guard session.status(of: id) == .ended else { return [] }
            effects = retry(id, now: now)
        case .letter("g"): effects = goLiveToggled(id, now: now)
        case .letter("v"): effects = sendCalls(.toggleCamera)
        case .letter("i"): effects = copyInviteLink(id, now: now)
        case .up: effects = changeVolume(id, by: 0.1)
        case .down: effects = changeVolume(id, by: -0.1)
        default: return []
        }
        return effects
    }

    /// The list's layout for its rooms as listed now.
    func listLayout(_ all: ListedRooms) -> ListLayout {
        ListLayout(metrics: environment.metrics, sectionStarts: all.sectionStarts, direction: environment.direction,
                   bottomInset: listNoticeHeight)
    }

    /// The list's layout for its rooms as shown: a search's results are one run of rows, without sections.
    func listLayout(_ shown: ShownRooms) -> ListLayout {
        ListLayout(metrics: environment.metrics, sectionStarts: shown.sectionStarts, direction: environment.direction,
                   bottomInset: listNoticeHeight)
    }

    mutating func mainPointerMoved(_ x: Int, _ y: Int, now: Double) -> [AppEffect] {
        if callLinks.asking != nil { return callLinkPointer(.moved, x, y, now: now) }
        switch session.mainWindow.content {
        case .list:
            if let held = fields.held { return [.locateInField(held, x: x, .drag)] }
            let all = shownRooms
            main.list.hovered = listLayout(all).row(at: x, y, list: main.list, rows: all.count, width: main.width)
            return []
        case .room(let id):
            showControls(now: now)
            main.hovered = roomLayout(now: now)?.controls.hit(x, y)
            return main.draggingVolume ? setVolume(id, x: x, now: now) : []
        }
    }

    mutating func mainPressed(_ x: Int, _ y: Int, now: Double) -> [AppEffect] {
        // The pointer takes the keyboard from a control it was given with Tab (X7).
        if case .control = fields.focus { _ = sendFields(.blur, now: now) }
        if callLinks.asking != nil { return callLinkPointer(.pressed, x, y, now: now) }
        if toastAction(at: x, y, now: now) != nil { return [] }
        switch session.mainWindow.content {
        case .list:
            if let effects = headerPressed(x, y, now: now) { return effects }
            let all = shownRooms
            guard let row = listLayout(all).row(at: x, y, list: main.list, rows: all.count, width: main.width)
            else { return [] }
            main.list.selected = row
            return []
        case .room(let id):
            showControls(now: now)
            guard roomLayout(now: now)?.controls.hit(x, y) == RoomControl.volume, rooms[id] != nil else { return [] }
            main.draggingVolume = true
            return setVolume(id, x: x, now: now)
        }
    }

    /// Sets a room's volume from a pointer position on the volume slider, unmuting it.
    private mutating func setVolume(_ id: RoomID, x: Int, now: Double) -> [AppEffect] {
        guard let layout = roomLayout(now: now), let slider = layout.volumeSlider else { return [] }
        return setRoomVolume(id, layout.volume(at: x, in: slider), unmute: true)
    }

    mutating func mainReleased(_ x: Int, _ y: Int, now: Double) -> [AppEffect] {
        if callLinks.asking != nil { return callLinkPointer(.released, x, y, now: now) }
        if main.draggingVolume {
            main.draggingVolume = false
            return []
        }
        if let action = toastAction(at: x, y, now: now) {
            switch action {
            case .undoDelete: return undoDelete(now: now)
            }
        }
        switch session.mainWindow.content {
        case .list:
            if fields.held != nil { return sendFields(.released, now: now) }
            let all = shownRooms
            guard let row = listLayout(all).row(at: x, y, list: main.list, rows: all.count, width: main.width),
                  row == main.list.selected
            else { return [] }
            return listedRoomPicked(all[row], now: now)
        case .room(let id):
            guard let control: RoomControl = roomLayout(now: now)?.controls.hit(x, y) else { return [] }
            return roomControlClicked(control, id, now: now)
        }
    }

    mutating func roomControlClicked(_ control: RoomControl, _ id: RoomID, now: Double) -> [AppEffect] {
        switch control {
        case .pip: send(.pipRequested(origin: .control), now: now)
        case .mute: toggleMute(id)
        case .volume: []
        case .leave: send(.leaveClicked, now: now)
        case .layout(let layout): send(.callLayoutSelected(layout), now: now)
        case .participants: send(.participantListToggled, now: now)
        case .retry: retry(id, now: now)
        case .retrySource(let index): reopenSources(id, [index], now: now)
        case .back: send(.backToListClicked, now: now)
        case .goLive: goLiveToggled(id, now: now)
        case .camera: sendCalls(.toggleCamera)
        case .inviteLink: copyInviteLink(id, now: now)
        }
    }
}

extension CallLayout {
    /// The layout the switch control goes to next.
    public var next: CallLayout {
        switch self {
        case .tile: .spotlight
        case .spotlight: .sidebar
        case .sidebar: .tile
        }
    }

    /// The layout's name on the control bar.
    public var title: String {
        switch self {
        case .tile: tr("Tiles")
        case .spotlight: tr("Spotlight")
        case .sidebar: tr("Sidebar")
        }
    }
}
