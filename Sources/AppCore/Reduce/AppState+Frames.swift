import Rooms

/// Frames, painting and the float's speaker: what each window shows and when it is painted.
extension AppState {
    /// The participant the float shows (0 for a live room).
    public var floatSource: Int {
        guard let id = session.floatingRoomID, self.room(id)?.kind == .call else { return 0 }
        return float.speaker.shown ?? session.activeSpeaker.current ?? 0
    }

    /// The sources whose frames the float needs: the one shown and the one about to be.
    public var floatSources: [Int] {
        guard float.visible, session.floatingRoomID != nil else { return [] }
        return [floatSource] + [float.speaker.pending].compactMap { $0 }.filter { $0 != floatSource }
    }

    /// Whether the main window shows a room's video now (not the float's room, not minimized).
    public var mainShowsVideo: RoomID? {
        guard case .room(let id) = session.mainWindow.content, session.mainWindow.presence == .shown,
              rooms[id] != nil, !(session.floatingRoomID == id && float.visible)
        else { return nil }
        return id
    }

    /// The sources the main view shows on screen now: a live room's one, or the call layout's
    /// tiles (in spotlight, the active speaker only). Only these frames count as presented.
    public var mainSources: [Int] {
        guard let id = mainShowsVideo, let room = rooms[id] else { return [] }
        guard self.room(id)?.kind == .call else { return [0] }
        return CallTiles.layout(session.callLayout, count: room.sources.count, active: session.activeSpeaker.current ?? 0,
                                in: PixelRect(0, 0, main.width, main.height), gap: 0).map(\.0)
    }

    /// Whether a frame of `source` with `serial` tells the state anything: a picture it has not
    /// seen, or the one a pending speaker's switch is measured from. The shell reports only
    /// these, not the same picture at every turn of its loop.
    public func frameIsNews(_ id: RoomID, source: Int, serial: Int) -> Bool {
        guard let room = rooms[id], room.serials.indices.contains(source) else { return false }
        guard room.serials[source] == serial else { return true }
        return session.floatingRoomID == id && float.speaker.pending == source && float.speaker.staleSerial == nil
    }

    /// A source has a frame ready: a pending speaker with a fresh frame takes over the float.
    mutating func frameReady(_ id: RoomID, source: Int, serial: Int) -> [AppEffect] {
        guard var room = rooms[id], room.serials.indices.contains(source) else { return [] }
        room.serials[source] = serial
        rooms[id] = room
        guard session.floatingRoomID == id, float.speaker.pending == source else { return [] }
        if let stale = float.speaker.staleSerial {
            if serial > stale { float.speaker = FloatSpeaker(shown: source) }
        } else {
            float.speaker.staleSerial = serial
        }
        return []
    }

    /// Follows the active speaker in a call's float (see ``FloatSpeaker``).
    mutating func settleFloatSpeaker(now: Double) {
        guard float.visible, let id = session.floatingRoomID, let room = rooms[id],
              self.room(id)?.kind == .call
        else {
            if float.speaker != FloatSpeaker() { float.speaker = FloatSpeaker() }
            return
        }
        let active = session.activeSpeaker.current ?? 0
        guard let shown = float.speaker.shown, shown < room.sources.count else {
            float.speaker = FloatSpeaker(shown: active)
            return
        }
        guard active != shown else {
            float.speaker = FloatSpeaker(shown: shown)
            return
        }
        if float.speaker.pending != active {
            float.speaker = FloatSpeaker(shown: shown, pending: active, staleSerial: nil, since: now)
        }
        if now - float.speaker.since > FloatSpeaker.patience { float.speaker = FloatSpeaker(shown: active) }
    }

    mutating func framesUploaded(_ window: WindowKind) -> [AppEffect] {
        if window == .main { main.paint.framePending = true } else { float.paint.framePending = true }
        return []
    }

    mutating func painted(_ window: WindowKind, now: Double) -> [AppEffect] {
        let logged: [AppEffect]
        if window == .main {
            main.paint = PaintState(dirty: false, framePending: false, lastPresent: now)
            main.controlsDrawn = controlsVisible(now: now)
            main.presentedSinceMapped = true
            logged = listShown(now: now)
        } else {
            float.paint = PaintState(dirty: false, framePending: false, lastPresent: now)
            logged = floatSpeakerShown(now: now)
        }
        return logged + floatToFront()
    }

    /// The list's count and status pills, when the list was painted with other ones than last
    /// logged.
    private mutating func listShown(now: Double) -> [AppEffect] {
        guard case .list = session.mainWindow.content else { return [] }
        let list = listViewModel(now: now)
        let shown = StatsEvent.listShown(count: list.countLabel, statuses: list.rows.map(\.status.label))
        guard shown != logged.list else { return [] }
        logged.list = shown
        return [.stats(shown)]
    }

    /// The call float's speaker, when the float was painted with another one than last logged.
    private mutating func floatSpeakerShown(now: Double) -> [AppEffect] {
        guard let id = session.floatingRoomID, self.room(id)?.kind == .call else { return [] }
        let m = floatLayout(now: now)
        guard m.isCall, let name = m.speakerName else { return [] }
        let speaker = StatsEvent.floatSpeaker(id, name: name, muted: m.speakerMuted)
        guard speaker != logged.floatSpeaker else { return [] }
        logged.floatSpeaker = speaker
        return [.stats(speaker)]
    }

    /// A float just shown on Wayland goes in front of the main window once both presented a
    /// picture: compositors stack a window as it appears, with its first one (P18).
    private mutating func floatToFront() -> [AppEffect] {
        guard float.needsFront, float.visible, main.presentedSinceMapped, float.paint.lastPresent > -.infinity
        else { return [] }
        float.needsFront = false
        return [.bringFloatToFront]
    }

    /// Whether a window must be painted now: what it shows changed, a frame is due, or it
    /// changes with time (spinners, countdowns and toasts' fades at about 30 Hz, a live row's
    /// clock each second; call frames at most at the display rate).
    public func shouldPaint(_ window: WindowKind, now: Double) -> Bool {
        window == .main ? mainShouldPaint(now: now) : floatShouldPaint(now: now)
    }

    private func mainShouldPaint(now: Double) -> Bool {
        guard session.mainWindow.presence == .shown else { return false }
        let paint = main.paint
        let fading = toasts.contains { $0.until - now < Toast.fade }
        guard case .room(let id) = session.mainWindow.content else {
            return paint.dirty || fading || listClockTicked(now: now)
        }
        guard let room = rooms[id] else { return false }
        let animating = room.status != .playing && now - paint.lastPresent > AppState.animationStep
        let frameDue = paint.framePending && now - paint.lastPresent >= mainFrameInterval
        return paint.dirty || fading || frameDue || animating || controlsVisible(now: now) != main.controlsDrawn
    }

    /// Whether the list's live rows and server headers (W8) show another whole second than
    /// when the list was last presented.
    private func listClockTicked(now: Double) -> Bool {
        !directory.sections.isEmpty && now.rounded(.down) != main.paint.lastPresent.rounded(.down)
    }

    private func floatShouldPaint(now: Double) -> Bool {
        guard float.visible, let id = session.floatingRoomID, let room = rooms[id],
              room.sources.indices.contains(floatSource)
        else { return false }
        let animating = room.sources[floatSource] != .playing && now - float.paint.lastPresent > AppState.animationStep
        return float.paint.dirty || float.paint.framePending || animating
    }

    /// The shortest time between two paints of the main window for new frames: the display's
    /// period, and for a call's tiles at least ``callFrameInterval``. A call's participants send at
    /// most about 30 fps but not in step, so painting at every one's frame would paint up to the
    /// display rate, for pictures a frame's time apart at most; every tile is painted with its
    /// newest frame each time.
    public var mainFrameInterval: Double {
        let display = 1 / environment.refreshRate
        guard let id = mainShowsVideo, self.room(id)?.kind == .call, rooms[id]?.sources.count ?? 0 > 1 else { return display }
        return max(display, Self.callFrameInterval)
    }

    /// A call's tiles are painted at most this often: 36 times a second, a little more often
    /// than a 30 fps participant sends, because the loop wakes a few milliseconds late; at
    /// exactly 30 a 16-tile call skipped 12% of each participant's frames.
    static let callFrameInterval = 1.0 / 36

    /// How often spinners, countdowns and toasts' fades are painted.
    public static let animationStep = 1.0 / 30
}
