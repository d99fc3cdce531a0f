import LiveDirectory
import Localization
import Rooms

extension AppState {
    /// Applies one event at time `now` (seconds on the clock event timestamps use) and returns
    /// what the app does about it: the effects for the shell to carry out, in order, without
    /// the stats log's lines. Step tests assert these; ``reduceLogged(_:now:)`` adds the lines.
    public mutating func reduce(_ event: AppEvent, now: Double) -> [AppEffect] {
        step(event, now: now).filter { if case .stats = $0 { false } else { true } }
    }

    /// Applies one event at time `now` and returns the effects for the shell to carry out, in
    /// order, with the stats log's lines (`.stats`) in their places, as ``Telemetry`` derives
    /// them: what the shell performs.
    public mutating func reduceLogged(_ event: AppEvent, now: Double) -> [AppEffect] {
        let before = Telemetry.Before(self, event)
        let effects = step(event, now: now)
        return Telemetry.logged(event, before: before, after: self, effects: effects)
    }

    /// Applies one event at time `now` and returns its effects. A window is marked for painting
    /// when the event changed what it shows, or exposed it.
    private mutating func step(_ event: AppEvent, now: Double) -> [AppEffect] {
        // A window's paint report changes only paint pacing, which no view reads; it comes
        // several times a frame, and building both windows' views twice for it was a tenth of
        // a playing float's main loop.
        if event.changesNoView { return apply(event, now: now) }
        let before = self
        let effects = apply(event, now: now)
        if session.mainWindow.content != before.session.mainWindow.content {
            if case .key = event { focusNewView(byKey: true) } else { focusNewView(byKey: false) }
        }
        // The views are a function of the state and the time: built, before and after, only
        // when a part of the state they read changed (most ticks and polls change none).
        var changed = (main: false, float: false)
        if !Self.viewInputsEqual(before, self) {
            let shown = PaintedViews(before, now: now), painted = PaintedViews(self, now: now)
            changed = (painted.main != shown.main, painted.float != shown.float)
        }
        let uncovered = { (w: WindowKind) in event == .exposed(w) || event == .shown(w) }
        if changed.main || uncovered(.main) { _ = paint.send(.changed(.main)) }
        if changed.float || uncovered(.float) { _ = paint.send(.changed(.float)) }
        return effects
    }

    /// The stored properties no view reads: paint pacing and the times of periodic checks.
    static let propertiesNoViewReads: Set<String> = ["paint", "checks"]

    /// Whether `a` and `b` agree on every stored property a view may read (all but
    /// ``propertiesNoViewReads``), compared one by one, the one polls change most often first,
    /// so that a difference is found early and equal parts shared since a copy compare by
    /// identity.
    static func viewInputsEqual(_ a: AppState, _ b: AppState) -> Bool {
        a.rooms == b.rooms && a.session == b.session && a.main == b.main && a.float == b.float && a.motion == b.motion
            && a.toasts == b.toasts && a.fields == b.fields && a.environment == b.environment && a.displays == b.displays
            && a.exit == b.exit && a.mediaControls == b.mediaControls && a.callLinks == b.callLinks && a.calls == b.calls
            && a.broadcasting == b.broadcasting && a.userRooms == b.userRooms && a.playlists == b.playlists
            && a.opened == b.opened && a.roomsFile == b.roomsFile && a.directory == b.directory
    }

    private mutating func apply(_ event: AppEvent, now: Double) -> [AppEffect] {
        let searchSelection = selectedSearchResult
        var effects: [AppEffect]
        switch event {
        case .started(let id, let float): effects = started(openRoom: id, float: float, now: now)
        case .key(let key, let window, let ctrl, let shift, let isRepeat):
            effects = isRepeat && !key.repeats && !fieldTakesRepeat(key, window: window) ? []
                : keyPressed(key, window: window, ctrl: ctrl, shift: shift, now: now)
        case .textTyped, .textEdited, .middlePressed, .fieldIndexFound, .textPasted:
            effects = fieldEvent(event, now: now)
        case .pointerMoved(let w, let x, let y, let global, let time):
            effects = routesToFloat(w) ? floatPointerMoved(x, y, global, time: time, now: now)
                : mainPointerMoved(x, y, now: now)
        case .pointerPressed(let w, let x, let y, let global, let time):
            effects = isFloat(w) ? floatPressed(x, y, global, time: time, now: now) : mainPressed(x, y, now: now)
        case .pointerReleased(let w, let x, let y, let global, let time, let overFloat):
            effects = routesToFloat(w)
                ? floatReleased(x, y, global, time: time, overFloat: overFloat, now: now) : mainReleased(x, y, now: now)
        case .wheel(let w, let steps): effects = wheel(w, steps: steps, now: now)
        case .wheelWithModifier(let w, let steps):
            effects = isFloat(w) ? floatVolumeStep(by: steps) : wheel(w, steps: steps, now: now)
        case .media(let command): effects = mediaCommand(command, now: now)
        case .scaleChanged(let metrics): effects = scaleChanged(metrics, now: now)
        case .textMeasured(let key, let width):
            main.countLabel = MeasuredText(key: key, scale: environment.metrics.scale, width: width)
            let count = roomCount
            main.countLabelCount = Self.countLabel(count) == key ? count : nil
            effects = []
        case .desktopScaleRead, .userInput, .mainWindowMoved, .refreshRateRead, .floatNotActivated:
            effects = desktopEvent(event)
        case .pointerEntered(let w), .pointerLeft(let w), .resized(let w, _, _), .exposed(let w), .shown(let w), .closed(let w):
            effects = windowEvent(event, isFloat(w), now: now)
        case .minimized, .restored, .focused, .focusLost:
            effects = mainWindowEvent(event, now: now)
        case .displaysRead(let displays): effects = displaysRead(displays, now: now)
        case .desktopPreferencesRead(let preferences): effects = preferencesRead(preferences, now: now)
        case .floatFailedToShow: effects = floatFailedToShow(now: now)
        case .playbackPolled(let id, let reports): effects = playbackPolled(id, reports, now: now)
        case .frameReady(let id, let source, let serial): effects = frameReady(id, source: source, serial: serial)
        case .framesUploaded(let w, _): effects = sendPaint(.framesUploaded(w), now: now)
        case .pictureShown(let w, let pts): effects = w == .main ? mainPresented(pts: pts, now: now) : []
        case .painted(let w): effects = sendPaint(.presented(w, now: now, controls: w == .main && controlsVisible(now: now)), now: now)
        case .roomsReloaded(let config): effects = roomsReloaded(config, now: now) + sendUserRooms(.fileLoaded, now: now)
        case .roomsFileFailed(let error):
            showToast(trn("The rooms file has %d problem; keeping the current rooms",
                          "The rooms file has %d problems; keeping the current rooms", error.messages.count), now: now)
            effects = sendUserRooms(.fileFailed(error), now: now)
        case .sourceProbed, .userRoomsSaved: effects = userRoomsEvent(event, now: now)
        case .directoryFetched(let serverID, let serial, let result):
            effects = directoryFetched(serverID, serial: serial, result, now: now)
        case .directoryCallsFetched(let serverID, let serial, let result):
            effects = directoryReceived(.receivedCalls(result, serverID: serverID, serial: serial, now: now), serverID: serverID, now: now)
        case .janusCallJoined(let id, let feed): effects = janusCallJoined(id, feed: feed, now: now)
        case .janusCallChanged(let serverID):
            effects = performDirectory(directory.send(.refresh(serverID: serverID, now: now)), now: now)
        case .playlistRead(let address, let serial, let result):
            effects = sendPlaylists(.read(address, serial: serial, result, now: now), now: now)
        case .broadcastPolled(let id, let report): effects = sendBroadcasting(.polled(id, report))
        case .callSendPolled(let id, let report): effects = sendCalls(.sendPolled(id, report))
        case .callFailed(let id, let failure): effects = sendCalls(.failed(id, failure))
        case .tick(let pointer): effects = tick(pointer: pointer, now: now)
        case .idle: effects = sendMedia(.shows(media))
        case .mediaControlsFailed: effects = sendMedia(.failedToStart)
        case .itemsGiven(let items, let origin): effects = itemsGiven(items, from: origin, now: now)
        case .activated: effects = [raiseMainWindow()]
        case .accessibleClicked, .accessibleTextSet: effects = accessibleRequest(event, now: now)
        }
        refreshSearch(keeping: searchSelection)
        settleFloatSpeaker(now: now)
        scheduleMemoryRelease(after: effects, now: now)
        return effects + videoEffects(now: now)
    }

    /// What the desktop says of itself and of the app's windows: its scale (the text is laid out
    /// again only when it changed), the user's latest input time, where the main window is, the
    /// display's refresh rate, and a float the compositor did not put in front (P18).
    private mutating func desktopEvent(_ event: AppEvent) -> [AppEffect] {
        switch event {
        case .desktopScaleRead(let factor):
            return factor == environment.metrics.scale ? [] : [.log(.info, "scale \(factor) from the desktop"), .rescaleText(factor)]
        case .userInput(let time): main.userTime = time
        case .mainWindowMoved(let center): main.center = center
        case .refreshRateRead(let rate): environment.refreshRate = rate > 0 ? rate : 60
        case .floatNotActivated:
            main.minimizedForFloat = true
            return [.minimizeMainWindow, .log(.debug, "the main window is minimized so that the float shows")]
        default: break
        }
        return []
    }

    /// How long after the last room closed its freed memory is handed back (a room opened
    /// again at once reuses it instead).
    public static let releaseDelay = 1.0

    /// Plans the memory release when an event closed the last open room, and cancels it when
    /// a room opened.
    private mutating func scheduleMemoryRelease(after effects: [AppEffect], now: Double) {
        if !rooms.isEmpty || broadcast != nil || call != nil {
            checks.releaseMemoryAt = nil
        } else if effects.contains(where: { if case .closePlayback = $0 { true } else { false } }) {
            checks.releaseMemoryAt = now + Self.releaseDelay
        }
    }

    /// Whether an event of `window` is the float's: a hidden float takes no input.
    func isFloat(_ window: WindowKind) -> Bool {
        window == .float && float.visible
    }

    /// A held float keeps the pointer's moves and release even off its window.
    private func routesToFloat(_ window: WindowKind) -> Bool {
        isFloat(window) || float.pointerDown
    }

    private mutating func started(openRoom: RoomID?, float wantsFloat: Bool, now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        if environment.compositorMovesFloat {
            effects.append(.log(.warn, tr("Wayland: the float is moved by the compositor; corner snapping is off")))
            showToast(tr("Wayland: drag the float with the compositor; snapping is off"), now: now)
        }
        guard let id = openRoom else { return effects }
        let all = listedRooms
        guard let index = all.firstIndex(ofID: id) else {
            showToast(tr("No room with id “%s”", id), now: now)
            return effects + [.log(.error, tr("no room with id '%s'", id))]
        }
        main.list.selected = index
        effects += send(.roomSelected(all[index]), now: now)
        if wantsFloat { effects += send(.pipRequested(origin: .commandLine), now: now) }
        return effects
    }

    /// Adds a toast (the newest at the bottom, at most ``Toast/limit``), until ``Toast/duration``
    /// from now unless `until` says; a toast with `action` replaces the one with the same action.
    mutating func showToast(_ message: String, now: Double, action: ToastAction? = nil, until: Double? = nil) {
        toasts.removeAll { $0.message == message || (action != nil && $0.action == action) }
        toasts.append(Toast(message: message, until: until ?? now + Toast.duration, action: action))
        if toasts.count > Toast.limit { toasts.removeFirst(toasts.count - Toast.limit) }
    }

    /// Shows the control bar for ``MainState/controlsTimeout`` seconds (W3).
    mutating func showControls(now: Double) {
        main.controlsUntil = now + MainState.controlsTimeout
    }

    /// Whether the room view shows its control bar: for a while after pointer motion (W3),
    /// while the room is not playing, while the volume is dragged, and while one of its buttons
    /// has the keyboard (X7).
    public func controlsVisible(now: Double) -> Bool {
        guard case .room(let id) = session.mainWindow.content else { return false }
        var keyboardOnBar = false
        if case .control(let focused) = fields.focus, focused.hasPrefix("main/control:") { keyboardOnBar = true }
        return now < main.controlsUntil || rooms[id]?.status != .playing || main.draggingVolume || keyboardOnBar
    }

    /// Ends the app with `status`, telling the user `message` first when there is one.
    mutating func quit(_ status: Int32, message: String? = nil) -> [AppEffect] {
        exit = status
        return [.quit(status: status, message: message)]
    }

    private mutating func windowEvent(_ event: AppEvent, _ onFloat: Bool, now: Double) -> [AppEffect] {
        switch event {
        case .exposed(.main):
            main.onScreen = true
        case .pointerEntered where onFloat:
            float.hover = true
        case .pointerLeft where onFloat:
            guard !float.pointerDown else { return [] }
            float.hover = false
            float.hovered = nil
        case .pointerLeft:
            main.list.hovered = nil
            main.hovered = nil
        case .resized(let w, let width, let height):
            if w == .main {
                main.width = width
                main.height = height
            } else {
                float.width = width
                float.height = height
            }
        case .closed(let w):
            if w == .float { return onFloat ? send(.floatCloseClicked, now: now) : [] }
            return quit(0)
        default:
            break
        }
        return []
    }

    private mutating func mainWindowEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case .minimized:
            main.draggingVolume = false
            main.onScreen = false
            return send(.mainWindowMinimized, now: now)
        case .focusLost:
            main.draggingVolume = false
        case .restored:
            main.onScreen = false
            return send(.mainWindowRestored, now: now)
        case .focused(let minimized):
            let refresh = directoryFocusGained(now: now)
            if !minimized { return refresh + send(.mainWindowRestored, now: now) }
            return refresh
        default:
            break
        }
        return []
    }

    /// The rooms file's rooms are now `config`'s: read again (M5) or written by a save (R6).
    mutating func roomsReloaded(_ config: RoomsConfig, now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        // Servers invite links made known stay listed (W13), unless the file now has their id.
        let servers = config.servers + callLinks.servers.filter { linked in !config.servers.contains { $0.id == linked.id } }
        if servers != directory.sections.map(\.server) {
            directory = LiveDirectory(servers: servers)
            if let call { _ = directory.send(.inCall(true, serverID: call.serverID)) }
        }
        _ = directory.send(.hideCalls(Self.serverCallIDs(of: config.rooms)))
        roomsFile = RoomsFileState(rooms: config.rooms, me: config.me)
        effects += sendPlaylists(.configured(config.playlists, now: now), now: now)
        let all = listedRooms
        effects += openCallChange(now: now)
        effects += send(.roomsFileReloaded(config.settings, openRoom: session.openRoomID.flatMap { self.room($0) }), now: now)
        main.list.selected = min(main.list.selected, max(0, all.count - 1))
        main.list = listLayout(all).moveSelection(main.list, by: 0, rows: all.count, height: main.height)
        return effects
    }

    private mutating func wheel(_ window: WindowKind, steps: Int, now: Double) -> [AppEffect] {
        if isFloat(window) {
            return environment.compositorMovesFloat ? [] : sendMotion(.wheel(steps: steps), now: now)
        }
        guard window == .main, case .list = session.mainWindow.content else { return [] }
        let all = shownRooms
        main.list = listLayout(all).scroll(main.list, by: -steps, rows: all.count, height: main.height)
        return []
    }
}
