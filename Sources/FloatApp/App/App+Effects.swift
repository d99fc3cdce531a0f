import CSDL
import PiPLayout
import Playback

/// Actions go through the session reducer; the shell carries out its effects in order.
@MainActor
extension App {
    func send(_ action: SessionAction) {
        let before = model
        let effects = model.reduce(action)
        for effect in effects { perform(effect) }
        if model != before || !effects.isEmpty {
            mainDirty = true
            floatDirty = true
        }
        if floatFailedToShow {
            // The model entered PiP but no float could be shown: take it back to the full view.
            floatFailedToShow = false
            send(.floatClicked)
        }
    }

    /// The app's own observers of PiP events (M3, M4): the debug log and the stats log.
    func observePiPEvents() {
        events.subscribe { event in Log.debug("pip: \(event)") }
        events.subscribe { [weak self] event in
            guard let self else { return }
            switch event {
            case .lifecycle(let e): self.stats?.event("lifecycle", at: self.nanos, [("event", e.description)])
            case .layout(let e): self.stats?.event("layout", at: self.nanos, [("event", e.description)])
            }
        }
    }

    private func perform(_ effect: SessionEffect) {
        switch effect {
        case .openPlayback(let room):
            openPlayback(room)
        case .stopPlayback(let id):
            stopPlayback(id)
        case .showFloat(let id):
            showFloat(id)
        case .closeFloat:
            hideFloat()
        case .showMainWindow(let content):
            if case .room = content { mainVideoNeedsRefresh() }
            if mainWindow.isMinimized { mainWindow.restore() }
            mainWindow.show()
            mainWindow.raise()
            showControls()
        case .showList:
            stats?.event("main_content", at: nanos, [("content", "list")])
            hoveredControl = nil
            draggingVolume = false
            list.hovered = nil
        case .showRoom(let id):
            stats?.event("main_content", at: nanos, [("content", "room"), ("room", id)])
            draggingVolume = false
            mainVideoNeedsRefresh()
            showControls()
        case .toast(let message):
            toasts.show(message, now: now)
            stats?.event("toast", at: nanos, [("message", message)])
        case .lifecycle(let event):
            events.publish(.lifecycle(event))
        case .layout(let event):
            events.publish(.layout(event))
        case .log(let level, let message):
            Log.write(Options.LogLevel(rawValue: level.rawValue) ?? .info, message)
        }
    }

    /// The main view shows a room again: draw its current frame at once (no black frame, P17).
    private func mainVideoNeedsRefresh() {
        for v in mainVideo { v.reset() }
        mainDirty = true
    }

    private func openPlayback(_ room: Room) {
        if let old = players[room.id] { old.close() }
        // Live rooms reconnect (D4); for measurement, --exit-on-end lets the source end.
        let player = RoomPlayer(room: room, mixer: mixer, now: now, liveness: options.exitOnEnd ? .recorded : .live,
                                observers: frameWakeObservers())
        players[room.id] = player
        lastStatus[room.id] = nil
        // One texture per participant: a smaller room frees the textures of a bigger one.
        mainVideo = []
        stats?.event("open", at: nanos, [("room", room.id), ("sources", player.sessions.count)])
        Log.info("opened \(room.id)")
    }

    private func stopPlayback(_ id: RoomID) {
        guard let player = players.removeValue(forKey: id) else { return }
        logCounters(player)
        player.close()
        lastStatus[id] = nil
        for v in mainVideo { v.reset() }
        stats?.event("stop", at: nanos, [("room", id)])
        Log.info("stopped \(id)")
    }

    /// Logs each session's decode, convert and present totals to the stats file.
    func logCounters(_ player: RoomPlayer) {
        guard let stats else { return }
        for (i, s) in player.sessions.enumerated() {
            let c = s.counters
            stats.event("counters", at: nanos, [
                ("room", player.room.id), ("source", i), ("opens", s.openCount), ("decoded", c.decoded),
                ("converted", c.converted), ("presented", c.presented), ("dropped", c.dropped),
                ("economy", c.economyFrames), ("scaler_builds", c.scalerBuilds),
            ])
        }
    }
}
