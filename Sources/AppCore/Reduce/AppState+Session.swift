import Localization
import Rooms
import Session

/// The one place where the session model's effects become the app's: each is carried out
/// on the app state or turned into effects for the shell.
extension AppState {
    /// Reduces a session action and maps its effects.
    mutating func send(_ action: SessionAction, now: Double) -> [AppEffect] {
        let sessionEffects = session.reduce(action)
        var effects: [AppEffect] = []
        for effect in sessionEffects { effects += map(effect, now: now) }
        return effects
    }

    private mutating func map(_ effect: SessionEffect, now: Double) -> [AppEffect] {
        switch effect {
        case .openPlayback(let room):
            return openPlayback(room, now: now)
        case .stopPlayback(let id): return stopPlayback(id)
        case .showFloat(let id): return showFloat(id, now: now)
        case .closeFloat: return hideFloat()
        case .handOverFloat:
            guard float.visible else { return send(.mainPictureShown, now: now) }
            float.closesBy = now + Self.floatHandoverTimeout
            return []
        case .showMainWindow(let content):
            showControls(now: now)
            if case .room = content { return [.resetMainVideo, raiseMainWindow()] }
            return [raiseMainWindow()]
        case .showList:
            main.hovered = nil
            main.draggingVolume = false
            main.list.hovered = nil
            return [.stats(.mainContent(nil))]
        case .showRoom(let id):
            main.draggingVolume = false
            showControls(now: now)
            return [.stats(.mainContent(id)), .resetMainVideo]
        case .toast(let notice):
            showToast(notice.words, now: now)
            return [.stats(.toast(notice.words))]
        case .lifecycle(let event): return [.publish(.lifecycle(event))]
        case .layout(let event): return [.publish(.layout(event))]
        case .log(let level, let message): return [.log(level, message)]
        }
    }

    mutating func openPlayback(_ room: Room, now: Double) -> [AppEffect] {
        var room = room
        var joining: [AppEffect] = []
        if room.isServerCall, call?.room != room.id { (room, joining) = joinCall(room, now: now) }
        let count: Int
        switch room.media {
        case .live: count = 1
        case .call(let participants): count = participants.count
        }
        var open = OpenRoom(openedAt: now, count: count, muted: room.role == .host)
        open.isServerCall = room.isServerCall
        rooms[room.id] = open
        return joining + [
            playbackEffect(room), .setAudio(room.id, muted: open.muted, volume: open.volume),
            .log(.info, "opened \(room.id)"),
        ]
    }

    /// A call is a conversation: a server call participant's queued sound is bounded (W10),
    /// a live stream's is not.
    static let callDelayLimit = 0.25

    /// Starts a room's playback, a server call's with its delay bounded.
    func playbackEffect(_ room: Room) -> AppEffect {
        .openPlayback(room, delayLimit: room.isServerCall ? Self.callDelayLimit : nil)
    }

    /// How long a float handing over to the full view waits for the main window's first
    /// picture at most (P9, P16): restoring a minimized window takes openbox about 0.2 s.
    static let floatHandoverTimeout = 0.5

    /// The main window presented a picture (`pts`: its video's, nil without one): a float
    /// handing the room over to it closes once the picture is the room's and on screen.
    mutating func mainPresented(pts: Double?, now: Double) -> [AppEffect] {
        guard let id = session.floatHandover, main.onScreen, mainShowsVideo == id,
              pts != nil || rooms[id]?.status != .playing
        else { return [] }
        return send(.mainPictureShown, now: now)
    }

    /// A float handing over to the full view whose wait ran out closes.
    mutating func floatHandoverTimedOut(now: Double) -> [AppEffect] {
        guard let by = float.closesBy, now >= by, session.floatHandover != nil else { return [] }
        return [.log(.debug, "the main window showed no picture within \(Self.floatHandoverTimeout) s: the float closes")]
            + send(.mainPictureShown, now: now)
    }

    /// Raises the main window, mapping it again when it was minimized for the float (P18).
    mutating func raiseMainWindow() -> AppEffect {
        let remap = main.minimizedForFloat
        if remap {
            main.minimizedForFloat = false
            main.presentedSinceMapped = false
        }
        return .raiseMainWindow(userTime: main.userTime, remap: remap)
    }

    private mutating func stopPlayback(_ id: RoomID) -> [AppEffect] {
        guard rooms.removeValue(forKey: id) != nil else { return [] }
        // Leaving a host room ends its broadcast (W6).
        return sendBroadcasting(.roomClosed(id)) + leaveCall(id)
            + [.closePlayback(id), .resetMainVideo, .log(.info, "stopped \(id)")]
    }

    /// Mutes or unmutes a room's sound.
    mutating func toggleMute(_ id: RoomID?) -> [AppEffect] {
        // In a joined call the mute control is the microphone's (W10); the volume stays the speaker's.
        if let id, call?.room == id { return sendCalls(.toggleMicrophone) }
        guard let id, var room = rooms[id] else { return [] }
        room.muted.toggle()
        rooms[id] = room
        return [audioEffect(id), .stats(.mute(id, muted: room.muted))].compactMap { $0 }
    }

    /// Changes a room's volume by `delta`; turning it up unmutes.
    mutating func changeVolume(_ id: RoomID, by delta: Float) -> [AppEffect] {
        guard let room = rooms[id] else { return [] }
        return setRoomVolume(id, max(0, min(1, room.volume + delta)), unmute: delta > 0)
    }

    /// A room's sources as polled: opens, levels, video size and statuses.
    mutating func playbackPolled(_ id: RoomID, _ reports: [SourceReport], now: Double) -> [AppEffect] {
        guard var room = rooms[id], reports.count == room.sources.count else { return [] }
        for (i, report) in reports.enumerated() where report.opens > room.opens[i] {
            room.opens[i] = report.opens
        }
        room.levels = reports.map(\.level)
        room.remote = reports.map(\.remote)
        if let size = reports.first?.videoSize, size.width > 0, size.height > 0 {
            room.videoAspect = size.width / size.height
        }
        for (i, report) in reports.enumerated() where report.status != room.sources[i] {
            room.sources[i] = report.status
            room.sourceSince[i] = now
        }
        let foundRecording = room.recording == nil && reports.first?.duration != nil
        if let first = reports.first { room.noteRecording(first) }
        rooms[id] = room
        let recorded: [AppEffect] = foundRecording ? [.log(.info, recordingFound(id, reports[0]))] : []
        let titled = reports.first?.title.map { titleReported(id, $0, now: now) } ?? []
        return statusReported(id, now: now) + titled + recorded
    }

    /// The log's words when a room's source opened as a recording (D8).
    private func recordingFound(_ id: RoomID, _ report: SourceReport) -> String {
        let tenths = Int(((report.duration ?? 0) * 10).rounded())
        return "room \"\(id)\" plays a recording of \(tenths / 10).\(tenths % 10) s: it ends at its end, no reconnection"
    }

    /// Tells the session model a room's combined status when it changed; with `--exit-on-end`,
    /// the opened room's end quits with status 0 and its failure for good with status 1 and
    /// the error (a live source reconnects instead of failing: only one that cannot be played
    /// at all, like a missing file, gets there).
    private mutating func statusReported(_ id: RoomID, now: Double) -> [AppEffect] {
        guard var room = rooms[id], room.status != session.status(of: id) else { return [] }
        let status = room.status
        room.statusSince = now
        rooms[id] = room
        var effects = send(.playbackStatusChanged(id, status), now: now)
        guard environment.exitWhenEnded == id else { return effects }
        switch status {
        case .ended: effects += quit(0)
        case .failed(let error): effects += quit(1, message: tr("cannot play \"%1$s\": %2$s", id, error.words))
        default: break
        }
        return effects
    }

    /// Retry (the key or a live room's button): a call reopens each failed participant and
    /// leaves the others playing; otherwise the session model reopens a failed or ended room.
    mutating func retry(_ id: RoomID, now: Double) -> [AppEffect] {
        guard self.room(id)?.kind == .call, let failed = rooms[id]?.failedSources, !failed.isEmpty else {
            return send(.retryClicked, now: now)
        }
        return reopenSources(id, failed, now: now)
    }

    /// Reopens the failed sources among `indices` of a room from scratch.
    mutating func reopenSources(_ id: RoomID, _ indices: [Int], now: Double) -> [AppEffect] {
        guard var room = rooms[id] else { return [] }
        var effects: [AppEffect] = []
        for i in indices where room.failedSources.contains(i) {
            room.reopen(i, now: now)
            effects += [.reopenSource(id, source: i), .log(.info, "retrying source \(i) of \(id)")]
        }
        guard !effects.isEmpty else { return [] }
        rooms[id] = room
        return effects + statusReported(id, now: now)
    }
}
