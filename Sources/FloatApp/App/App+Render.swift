import CSDL
import PiPLayout
import Playback

/// Drawing both windows: only when something changed or a new frame is due.
@MainActor
extension App {
    /// Per-frame work that is not drawing: animations, statuses, audio levels, timeouts.
    func tick() {
        let t = now
        if motion?.isAnimating == true { sendMotion(.frameTicked(now: t)) }
        stats?.flushIfDue(now: nanos)
        pollHeldPointer(now: t)
        checkFloatAspect()
        checkDisplays()
        checkRoomsFile()
        pollStatuses()
        if t - lastLevelsAt >= 0.1 { measureLevels(at: t) }
        if !toasts.items.isEmpty {
            let before = toasts.items.count
            _ = toasts.prune(now: t)
            // Redraw when one goes, and while the oldest fades out.
            if toasts.items.count != before || toasts.items.contains(where: { $0.until - t < 0.3 }) { mainDirty = true }
        }
    }

    /// Reads the rooms file again when it changes (M5); a broken edit keeps the current rooms.
    private func checkRoomsFile() {
        guard now - lastRoomsCheck >= 1 else { return }
        lastRoomsCheck = now
        let stamp = RoomsLoader.modificationDate(path: roomsPath)
        guard let stamp, stamp != roomsStamp else { return }
        roomsStamp = stamp
        switch RoomsLoader.load(path: roomsPath) {
        case .success(let config):
            Log.info("rooms file changed: \(config.rooms.count) rooms from \(roomsPath)")
            stats?.event("rooms_reloaded", at: nanos, [("rooms", config.rooms.count)])
            send(.roomsReloaded(config))
            list.selected = min(list.selected, max(0, config.rooms.count - 1))
            list.moveSelection(by: 0, drawContext(mainRenderer, mainText), rows: config.rooms.count,
                               height: mainRenderer.outputSize.height)
        case .failure(let error):
            for m in error.messages { Log.warn(m) }
            toasts.show("The rooms file has \(error.messages.count) problem\(error.messages.count == 1 ? "" : "s"); keeping the current rooms", now: now)
        }
    }

    private func pollStatuses() {
        for (id, p) in players {
            logSourceOpens(id, p)
            let s = p.status
            if lastStatus[id] != s {
                lastStatus[id] = s
                statusSince[id] = now
                stats?.event("status", at: nanos, [("room", id), ("status", "\(s)")])
                send(.playbackStatusChanged(id, s))
                mainDirty = true; floatDirty = true
                if s == .ended, options.exitOnEnd, id == options.openRoom { quit() }
                if case .failed(let message) = s, options.exitOnEnd, id == options.openRoom {
                    Log.error("\(id): \(message)")
                    quit(status: 1)
                }
            }
        }
    }

    /// Logs each real open of a room's sources (first open and reconnections) to the stats file.
    private func logSourceOpens(_ id: RoomID, _ p: RoomPlayer) {
        guard let stats else { return }
        for (i, s) in p.sessions.enumerated() where s.openCount > p.reportedOpens[i] {
            p.reportedOpens[i] = s.openCount
            stats.event("source_open", at: nanos, [("room", id), ("source", i), ("count", s.openCount)])
        }
    }

    private func measureLevels(at t: Double) {
        lastLevelsAt = t
        guard let id = model.openRoomID, let p = players[id], p.isCall else { return }
        var levels: [Int: Double] = [:]
        for (i, s) in p.sessions.enumerated() { levels[i] = Double(s.audioLevel) }
        send(.audioLevelsMeasured(at: t, levels: levels))
    }

    func render() {
        renderMain()
        renderFloat(force: false)
    }

    // MARK: Main window

    private func renderMain() {
        guard mainWindow.isShown, !mainWindow.isMinimized else { return }
        let out = mainRenderer.outputSize
        switch model.mainWindow.content {
        case .list:
            guard mainDirty else { return }
            let ctx = drawContext(mainRenderer, mainText)
            mainText.beginFrame()
            list.draw(ctx, rows: rowModels(), width: out.width, height: out.height)
            toasts.draw(ctx, width: out.width, height: out.height, bottomInset: 0)
            mainRenderer.present()
            mainDirty = false
        case .room(let id):
            guard let player = players[id] else { return }
            // The float shows this room: the main view stays as it was (minimized entry, P1).
            if model.floatingRoomID != id || floatWindow?.isVisible != true, uploadMainFrames(player) {
                mainFramePending = true
            }
            let status = player.status
            // Spinners and countdowns animate at about 30 Hz, not at the loop's rate; new frames
            // (one stream per call participant) are presented at most at the display rate.
            let animating = status != .playing && now - lastMainPresent > 1.0 / 30
            let frameDue = mainFramePending && now - lastMainPresent >= 1 / refreshRate
            let controlsChanged = roomControlsVisible(player) != controlsDrawn
            guard mainDirty || frameDue || animating || controlsChanged else { return }
            let newFrame = mainFramePending
            mainFramePending = false
            lastMainPresent = now
            let ctx = drawContext(mainRenderer, mainText)
            mainText.beginFrame()
            let m = roomModel(player)
            let inFloat = model.floatingRoomID == id && floatWindow?.isVisible == true
            roomHotspots = RoomView.draw(ctx, m, width: out.width, height: out.height, hovered: hoveredControl) { i, rect, fill in
                guard !inFloat, i < self.mainVideo.count else { return false }
                if i < player.sessions.count { player.sessions[i].setOutputSize(width: Int(rect.w), height: Int(rect.h)) }
                return self.mainVideo[i].draw(fitting: rect, fill: fill) != nil
            }
            if inFloat {
                // The room plays in the float: say so rather than show a still picture.
                let stage = SDL_Rect(0, 0, out.width, out.height)
                let icon = SDL_Rect(stage.x + stage.w / 2 - ctx.px(28), stage.y + stage.h / 2 - ctx.px(48), ctx.px(56), ctx.px(56))
                Icon.pip.draw(mainRenderer, in: icon, color: Theme.accent)
                mainText.drawCentered("Playing in picture-in-picture", in: SDL_Rect(stage.x, icon.y + icon.h + ctx.px(8), stage.w, ctx.px(28)),
                                      size: 15, bold: true, color: Theme.text)
            }
            toasts.draw(ctx, width: out.width, height: out.height, bottomInset: m.controlsVisible ? ctx.px(64) : 0)
            controlsDrawn = m.controlsVisible
            mainRenderer.present()
            if newFrame, let f = mainVideo.first?.frame ?? nil {
                stats?.event("frame", at: nanos, [("window", "main"), ("room", id), ("pts", f.pts)])
            }
            mainDirty = false
        }
    }

    /// Uploads each participant's newest frame; says whether any changed.
    private func uploadMainFrames(_ player: RoomPlayer) -> Bool {
        while mainVideo.count < player.sessions.count { mainVideo.append(VideoTexture(renderer: mainRenderer)) }
        var changed = false
        let visible = Set(visibleParticipants(player))
        for (i, s) in player.sessions.enumerated() {
            s.setVideoEnabled(visible.contains(i))
            guard let f = visible.contains(i) ? s.takeFrame() : s.peekFrame() else { continue }
            if mainVideo[i].frame !== f {
                mainVideo[i].upload(f)
                changed = true
            }
        }
        return changed
    }

    /// The participants the main view shows in the current layout.
    private func visibleParticipants(_ player: RoomPlayer) -> [Int] {
        guard player.isCall else { return [0] }
        switch model.callLayout {
        case .spotlight: return [model.activeSpeaker.current ?? 0]
        case .tile, .sidebar: return Array(player.sessions.indices)
        }
    }

    private func roomModel(_ p: RoomPlayer) -> RoomViewModel {
        var participants: [ParticipantModel] = []
        if case .call(let list) = p.room.media {
            participants = list.enumerated().map { i, part in
                ParticipantModel(name: part.name, level: p.sessions[i].audioLevel,
                                 isSpeaking: model.activeSpeaker.current == i, status: p.sessions[i].status)
            }
        }
        return RoomViewModel(
            title: p.room.title, isCall: p.isCall, isHost: p.room.role == .host, status: shownStatus(p.status, of: p.room.id),
            elapsed: now - p.openedAt, muted: p.isMuted, volume: p.volume,
            pipAvailable: (model.pipAvailability(for: p.room.id) == .enabled) && p.room.role != .host,
            layout: model.callLayout, participants: participants, activeSpeaker: model.activeSpeaker.current ?? 0,
            showParticipantList: (model.participantList == .visible),
            controlsVisible: roomControlsVisible(p))
    }

    /// A status as drawn: a reconnect's wait counts down from when it began (W5).
    func shownStatus(_ status: PlaybackStatus, of id: RoomID) -> PlaybackStatus {
        guard case .reconnecting(let attempt, let wait) = status, let since = statusSince[id] else { return status }
        return .reconnecting(attempt: attempt, retryIn: max(0, wait - (now - since)))
    }

    /// The control bar shows for 3 s after pointer motion (W3), and while the room is not playing.
    func roomControlsVisible(_ p: RoomPlayer) -> Bool {
        now - lastPointerMotion < 3 || p.status != .playing || draggingVolume
    }

    func rowModels() -> [RoomRowModel] {
        config.rooms.map { room in
            let status: RoomRowModel.Status
            if model.floatingRoomID == room.id {
                status = .floating
            } else if let p = players[room.id] {
                switch p.status {
                case .idle, .connecting, .buffering: status = .connecting
                case .playing: status = room.role == .host ? .onAir : .playing
                case .reconnecting: status = .reconnecting
                case .ended: status = .ended
                case .failed: status = .error
                }
            } else {
                status = .idle
            }
            var detail = room.kind == .call ? "Call" : "Live stream"
            if case .call(let ps) = room.media { detail += " · \(ps.count) participant\(ps.count == 1 ? "" : "s")" }
            detail += room.role == .host ? " · Host" : " · Audience"
            if !room.pip { detail += " · No PiP" }
            return RoomRowModel(id: room.id, title: room.title, isCall: room.kind == .call,
                                isHost: room.role == .host, detail: detail, status: status)
        }
    }

    // MARK: Float window

    /// Which participant a call's float shows. A new active speaker takes over once their
    /// session has a fresh frame, so the float never shows a stale picture of them (P17);
    /// a speaker with no video takes over after a second.
    struct FloatSpeaker {
        private(set) var shownIndex: Int?
        private(set) var pending: Int?
        private var staleSerial = -1
        private var since: Double = 0

        /// The index to draw now, given the model's active speaker.
        mutating func shown(for player: RoomPlayer, active: Int, now: Double) -> Int {
            guard let current = shownIndex, current < player.sessions.count else {
                shownIndex = active
                pending = nil
                return active
            }
            guard active != current else {
                pending = nil
                return current
            }
            if pending != active {
                pending = active
                staleSerial = player.sessions[active].peekFrame()?.serial ?? -1
                since = now
            }
            let fresh = (player.sessions[active].peekFrame()?.serial ?? -1) > staleSerial
            if fresh || now - since > 1 {
                shownIndex = active
                pending = nil
            }
            return shownIndex ?? active
        }

        mutating func reset() {
            self = FloatSpeaker()
        }
    }

    /// A stashed float shows only a strip: a click there brings it back (P8), so it has no buttons.
    var floatIsStashed: Bool {
        if case .stashed = motion?.placement.anchor { return true }
        return false
    }

    /// Draws the float when it has a new frame or changed; `force` draws at once (a float that appears).
    func renderFloat(force: Bool) {
        guard let fw = floatWindow, fw.isVisible, let id = model.floatingRoomID, let player = players[id] else { return }
        let index = player.isCall ? floatSpeaker.shown(for: player, active: model.activeSpeaker.current ?? 0, now: now) : 0
        guard index < player.sessions.count else { return }
        let session = player.sessions[index]
        let out = fw.renderer.outputSize
        if player.isCall {
            // Only the speaker shown, and the one about to be, are converted (D3).
            for (i, s) in player.sessions.enumerated() {
                let wanted = i == index || i == floatSpeaker.pending
                s.setVideoEnabled(wanted)
                if wanted { s.setOutputSize(width: Int(out.width), height: Int(out.height)) }
            }
        } else {
            session.setOutputSize(width: Int(out.width), height: Int(out.height))
        }
        var newFrame = false
        // The session keeps handing out its current frame, so a float that appears has it at once.
        if let f = session.takeFrame(), fw.video.frame !== f {
            fw.video.upload(f)
            newFrame = true
        }
        let animating = session.status != .playing && now - lastFloatPresent > 1.0 / 30
        guard force || floatDirty || newFrame || animating else { return }
        lastFloatPresent = now
        let ctx = drawContext(fw.renderer, fw.text)
        fw.text.beginFrame()
        let name: String? = {
            guard case .call(let ps) = player.room.media, index < ps.count else { return nil }
            return ps[index].name
        }()
        let m = FloatViewModel(isCall: player.isCall, speakerName: name, status: shownStatus(session.status, of: id),
                               muted: player.isMuted, hover: floatHover && !floatPointerDown && !floatIsStashed, hovered: floatHovered)
        floatHotspots = FloatView.draw(ctx, m, video: fw.video, width: out.width, height: out.height)
        fw.renderer.present()
        if newFrame || force, let f = fw.video.frame {
            stats?.event("frame", at: nanos, [("window", "float"), ("room", id), ("pts", f.pts)])
        } else if fw.video.frame == nil {
            stats?.event("blank", at: nanos, [("window", "float"), ("room", id)])
        }
        floatDirty = false
    }
}

extension CallLayout {
    /// The layout the switch control goes to next.
    var next: CallLayout {
        switch self {
        case .tile: .spotlight
        case .spotlight: .sidebar
        case .sidebar: .tile
        }
    }

    var title: String {
        switch self {
        case .tile: "Tiles"
        case .spotlight: "Spotlight"
        case .sidebar: "Sidebar"
        }
    }
}
