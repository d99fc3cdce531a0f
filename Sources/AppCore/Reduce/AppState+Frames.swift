import EngineTerms
import Rooms
import Session

/// Frames, painting and the float's speaker: what each window shows and when it is painted.
extension AppState {
    /// The participant the float shows (0 for a live room).
    public var floatSource: Int {
        guard let id = session.floatWindowRoomID, self.room(id)?.kind == .call else { return 0 }
        return float.speaker.shown ?? session.activeSpeaker.current ?? 0
    }

    /// The sources whose frames the float needs: the one shown and the one about to be.
    public var floatSources: [Int] {
        guard float.visible, session.floatWindowRoomID != nil else { return [] }
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
        guard float.visible, let id = session.floatWindowRoomID, let room = rooms[id],
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

    /// Records the list's count and status pills as painted, for the stats log to write them when
    /// they are other ones than last logged.
    mutating func listShown(now: Double) {
        guard case .list = session.mainWindow.content else { return }
        let list = listViewModel(now: now)
        let shown = StatsEvent.listShown(count: list.countLabel, statuses: list.rows.map(\.status.label))
        paint.logged.list = shown
    }

    /// Records the call float's speaker as painted, for the stats log to write it when it is
    /// another one than last logged.
    mutating func floatSpeakerShown(now: Double) {
        guard let id = session.floatingRoomID, self.room(id)?.kind == .call else { return }
        let m = floatLayout(now: now)
        guard m.isCall, let name = m.speakerName else { return }
        let speaker = StatsEvent.floatSpeaker(id, name: name, muted: m.speakerMuted)
        paint.logged.floatSpeaker = speaker
    }

    /// A float just shown on Wayland goes in front of the main window once both presented a
    /// picture: compositors stack a window as it appears, with its first one (P18).
    mutating func floatToFront() -> [AppEffect] {
        guard float.needsFront, float.visible, main.presentedSinceMapped, paint.float.lastPresent > -.infinity
        else { return [] }
        float.needsFront = false
        return [.bringFloatToFront]
    }
}

extension AppState {
    /// What the open room's sources need of their video (D3): in the float, the participant
    /// shown and the one about to be at the float's size, everyone else hidden; in the main view,
    /// a live room's stage in full, a call's spotlight or sidebar speaker in full, the other
    /// tiles of the grid or the strip as thumbnails at their size, and the participants the layout
    /// leaves out (spotlight) or that lie outside the stage hidden. A paused room, and a room no
    /// window shows (main window minimized, no float), hide them all: their sound plays on.
    func wantedVideo(now: Double) -> (RoomID, [VideoDemand])? {
        if let id = session.openRoomID, let room = rooms[id], room.paused {
            return (id, Array(repeating: .hidden, count: room.sources.count))
        }
        if float.visible, let id = session.floatingRoomID, let room = rooms[id] {
            let isCall = self.room(id)?.kind == .call
            // A stashed float's strip shows the edge slice of the whole float's picture (P8).
            let whole = motion?.stashStrip.map { PixelRect($0.floatFrame) }
            let on = VideoDemand.full(width: whole?.w ?? float.width, height: whole?.h ?? float.height)
            return (id, room.sources.indices.map { !isCall || floatSources.contains($0) ? on : .hidden })
        }
        guard let id = mainShowsVideo, let room = rooms[id], let layout = roomLayout(now: now) else {
            // A room that floats or is about to (`--float` at start) keeps its demand until its
            // float shows: hiding it meanwhile would start it on a still picture.
            guard session.mainWindow.presence != .shown, session.floatingRoomID == nil,
                  let id = session.openRoomID, let room = rooms[id] else { return nil }
            return (id, Array(repeating: .hidden, count: room.sources.count))
        }
        guard layout.isCall else {
            return (id, [.full(width: layout.stage.w, height: layout.stage.h)])
        }
        return (id, callDemands(layout, count: room.sources.count))
    }

    /// A call's demands in the main view: the speaker's large tile in full, the other tiles as
    /// thumbnails, and participants without a tile on the stage hidden.
    private func callDemands(_ layout: RoomViewModel, count: Int) -> [VideoDemand] {
        let inset = environment.metrics.px(2)
        let several = layout.tiles.count > 1
        let largest = layout.tiles.map { $0.rect.w * $0.rect.h }.max() ?? 0
        var wanted = Array(repeating: VideoDemand.hidden, count: count)
        for tile in layout.tiles where wanted.indices.contains(tile.index) {
            let rect = tile.rect.inset(inset)
            let onStage = rect.w > 0 && rect.h > 0 && rect.x < layout.stage.x + layout.stage.w
                && rect.x + rect.w > layout.stage.x && rect.y < layout.stage.y + layout.stage.h
                && rect.y + rect.h > layout.stage.y
            guard onStage else { continue }
            let main = !several || (session.callLayout != .tile && tile.rect.w * tile.rect.h == largest)
            wanted[tile.index] = main ? .full(width: rect.w, height: rect.h) : .thumbnail(width: rect.w, height: rect.h)
        }
        return wanted
    }

    /// The demand changes the room on screen needs since they were last set.
    mutating func videoEffects(now: Double) -> [AppEffect] {
        guard let (id, wanted) = wantedVideo(now: now), var room = rooms[id] else { return [] }
        var effects: [AppEffect] = []
        for (i, demand) in wanted.enumerated() where room.video[i] != demand {
            room.video[i] = demand
            effects.append(.setVideo(id, source: i, demand))
        }
        rooms[id] = room
        return effects
    }
}
