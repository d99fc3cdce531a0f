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
        checkDisplays()
        pollStatuses()
        if t - lastLevelsAt >= 0.1 { measureLevels(at: t) }
        if !toasts.items.isEmpty {
            _ = toasts.prune(now: t)
            mainDirty = true
        }
        if case .room = model.mainWindow.content, t - lastPointerMotion > 3, t - lastPointerMotion < 3.2 { mainDirty = true }
    }

    private func pollStatuses() {
        for (id, p) in players {
            logSourceOpens(id, p)
            let s = p.status
            if lastStatus[id] != s {
                lastStatus[id] = s
                stats?.event("status", at: nanos, [("room", id), ("status", "\(s)")])
                send(.playbackStatusChanged(id, RoomStatus(s)))
                mainDirty = true; floatDirty = true
                if s == .ended, options.exitOnEnd, id == options.openRoom { quit() }
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
            var newFrame = false
            if model.floatingRoomID != id || floatWindow?.isVisible != true {
                newFrame = uploadMainFrames(player)
            }
            let status = player.status
            let animating = status != .playing
            guard mainDirty || newFrame || animating else { return }
            let ctx = drawContext(mainRenderer, mainText)
            mainText.beginFrame()
            let m = roomModel(player)
            roomHotspots = RoomView.draw(ctx, m, width: out.width, height: out.height, hovered: hoveredControl) { i, rect, fill in
                guard i < self.mainVideo.count else { return false }
                if i < player.sessions.count { player.sessions[i].setOutputSize(width: Int(rect.w), height: Int(rect.h)) }
                return self.mainVideo[i].draw(fitting: rect, fill: fill) != nil
            }
            toasts.draw(ctx, width: out.width, height: out.height, bottomInset: m.controlsVisible ? ctx.px(64) : 0)
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
            guard let f = s.currentFrame() else { continue }
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
            title: p.room.title, isCall: p.isCall, isHost: p.room.role == .host, status: p.status,
            elapsed: now - p.openedAt, muted: p.isMuted, volume: p.volume,
            pipAvailable: (model.pipAvailability(for: p.room.id) == .enabled) && p.room.role != .host,
            layout: model.callLayout, participants: participants, activeSpeaker: model.activeSpeaker.current ?? 0,
            showParticipantList: (model.participantList == .visible),
            controlsVisible: now - lastPointerMotion < 3 || p.status != .playing || draggingVolume)
    }

    func rowModels() -> [RoomRowModel] {
        config.rooms.map { room in
            let status: RoomRowModel.Status
            if model.floatingRoomID == room.id {
                status = .floating
            } else if let p = players[room.id] {
                switch p.status {
                case .connecting, .buffering: status = .connecting
                case .playing: status = .playing
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

    /// Draws the float when it has a new frame or changed; `force` draws at once (a float that appears).
    func renderFloat(force: Bool) {
        guard let fw = floatWindow, fw.isVisible, let id = model.floatingRoomID, let player = players[id] else { return }
        let index = player.isCall ? (model.activeSpeaker.current ?? 0) : 0
        guard index < player.sessions.count else { return }
        let session = player.sessions[index]
        if player.isCall {
            for (i, s) in player.sessions.enumerated() { s.setVideoEnabled(i == index) }
        }
        let out = fw.renderer.outputSize
        session.setOutputSize(width: Int(out.width), height: Int(out.height))
        var newFrame = false
        if let f = session.currentFrame() ?? (force ? mainVideo.indices.contains(index) ? mainVideo[index].frame : nil : nil),
           fw.video.frame !== f {
            fw.video.upload(f)
            newFrame = true
        }
        let animating = session.status != .playing
        guard force || floatDirty || newFrame || animating else { return }
        let ctx = drawContext(fw.renderer, fw.text)
        fw.text.beginFrame()
        let name: String? = {
            guard case .call(let ps) = player.room.media, index < ps.count else { return nil }
            return ps[index].name
        }()
        let m = FloatViewModel(isCall: player.isCall, speakerName: name, status: session.status,
                               muted: player.isMuted, hover: floatHover && !floatPointerDown, hovered: floatHovered)
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
