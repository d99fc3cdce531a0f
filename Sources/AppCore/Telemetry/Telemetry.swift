import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms
import Session

/// The stats log (`--stats FILE`, SPEC section 6) derived in one place: from an event, what the
/// app state was before it, the state after it and the effects its reduction returned, the log's
/// lines woven in among those effects. A line's place among the effects is part of the log: the
/// shell writes lines of its own while carrying out some effects (a closed room's counters, a
/// source's video demand, the PiP events).
enum Telemetry {
    /// The few facts of the state before an event that the log compares with the state after
    /// it: taken for every event, the paint reports several times a frame included, so it holds
    /// no more than these and never the whole state.
    struct Before {
        /// The text metrics: a new scale is logged only when they changed.
        let metrics: UIMetrics
        /// What the log last said the windows showed when painted.
        let logged: LoggedViews
        /// The float's dismiss target, while it shows.
        let dismissTarget: DismissTarget?
        /// Whether the server a refresh answered for was reachable (nil: not known yet, or
        /// another event).
        let reachable: Bool?
        /// What the joined call sends (its microphone and camera switches).
        let callSending: CallSending?
        /// The phase of the broadcast or call stream a poll reports on (nil: another event, or
        /// none of that room).
        let polledPhase: String?
        /// The room whose playback a poll reports on, and the status the session model had for
        /// it (nil: another event, or a room not open).
        let polledRoom: (room: OpenRoom, status: PlaybackStatus)?
        /// When each open room opened, and the session model's playback statuses: empty for
        /// the paint reports several times a frame, which open nothing.
        let openedAt: [RoomID: Double], statuses: [RoomID: PlaybackStatus]

        /// Takes the facts from `state`, about to reduce `event`.
        init(_ state: AppState, _ event: AppEvent) {
            metrics = state.environment.metrics
            logged = state.paint.logged
            dismissTarget = state.motion?.dismissTarget
            callSending = state.call?.sendingState
            reachable = event.fetchedServerID.flatMap { Telemetry.reachable($0, state.directory) }
            polledPhase = Telemetry.polledPhase(event, state)
            openedAt = event.changesNoView ? [:] : state.rooms.mapValues(\.openedAt)
            statuses = event.changesNoView ? [:] : state.session.playback
            polledRoom = if case .playbackPolled(let id, _) = event, let room = state.rooms[id] {
                (room, state.session.status(of: id))
            } else {
                nil
            }
        }
    }

    /// `effects`, the reduction of `event` from the state `before` to `after`, with the stats
    /// log's lines in their places.
    static func logged(_ event: AppEvent, before: Before, after: AppState, effects: [AppEffect]) -> [AppEffect] {
        let first = opening(event, before: before, after: after)
        // Most events write no line: their effects go on as they are, without a copy.
        var shown = Shown(before)
        guard !first.isEmpty || effects.contains(where: {
            preceding($0) != nil || following($0, &shown, after) != nil || !opened($0, before, after).isEmpty
        }) else { return effects }
        shown = Shown(before)
        var out = first.map(AppEffect.stats)
        out.reserveCapacity(out.count + effects.count)
        let lastReopened = effects.lastIndex { if case .reopenSource = $0 { true } else { false } }
        for (index, effect) in effects.enumerated() {
            if let line = preceding(effect) { out.append(.stats(line)) }
            out.append(effect)
            if let line = following(effect, &shown, after) { out.append(.stats(line)) }
            out += opened(effect, before, after).map(AppEffect.stats)
            if index == lastReopened, case .reopenSource(let id, _) = effect, let room = after.rooms[id],
               room.status != before.statuses[id] ?? .idle {
                // The sources a retry reopened changed the room's status.
                out.append(.stats(.status(id, room.status)))
            }
        }
        return out
    }

    /// The lines written before the event's effects are carried out.
    private static func opening(_ event: AppEvent, before: Before, after: AppState) -> [StatsEvent] {
        switch event {
        case .roomsReloaded(let config): return [.roomsReloaded(rooms: config.rooms.count)]
        case .scaleChanged(let metrics): return metrics == before.metrics ? [] : [.scale(metrics.scale)]
        case .directoryFetched(let serverID, _, _), .directoryCallsFetched(let serverID, _, _):
            return serverChange(serverID, before.reachable, after.directory)
        case .playbackPolled(let id, let reports): return playbackPolled(id, reports, before.polledRoom, after)
        case .broadcastPolled(let id, _):
            guard let phase = polledPhase(event, after), let was = before.polledPhase, phase != was else { return [] }
            return [.broadcast(id, phase: phase)]
        case .callSendPolled(let id, _):
            guard let phase = polledPhase(event, after), let was = before.polledPhase, phase != was else { return [] }
            return [.call(id, phase: "sending-" + phase)]
        case .callFailed(let id, let failure):
            guard after.call?.room == id, after.call?.failure != nil else { return [] }
            if case .joinFailed = failure { return [.call(id, phase: "join-failed")] }
            return [.call(id, phase: "media-failed")]
        case .framesUploaded(_, let frames): return tileFrames(frames, after)
        case .pictureShown(let window, let pts): return pictureShown(window, pts: pts, after)
        case .painted: return viewsShown(before.logged, after.paint.logged)
        default: return []
        }
    }

    /// What the effects so far showed: the float's dismiss target and what the joined call sends.
    private struct Shown {
        var target: DismissTarget?
        var sending: CallSending?

        init(_ before: Before) {
            target = before.dismissTarget
            sending = before.callSending
        }
    }

    /// The lines of a room's playback opened (not one opened again as it was, a stuck stream's):
    /// its sources, and connecting when the session model opened it (not when its host's
    /// broadcast stopped and its own playback came back).
    private static func opened(_ effect: AppEffect, _ before: Before, _ after: AppState) -> [StatsEvent] {
        guard case .openPlayback(let room, _) = effect, let open = after.rooms[room.id],
              open.openedAt != before.openedAt[room.id] else { return [] }
        let count = switch room.media {
        case .live: 1
        case .call(let participants): participants.count
        }
        let status = after.session.status(of: room.id)
        let connecting = status == .connecting && before.statuses[room.id] != .connecting
        return [.open(room.id, sources: count)] + (connecting ? [.status(room.id, status)] : [])
    }

    /// The line an effect brings right before it: a broadcast connecting as it starts.
    private static func preceding(_ effect: AppEffect) -> StatsEvent? {
        guard case .startBroadcast(let id, _, _) = effect else { return nil }
        return .broadcast(id, phase: "connecting")
    }

    /// The line an effect brings right after it: the float window shown, hidden or moved, its
    /// dismiss target shown, pulling or not, or hidden; the call joined, left, or its microphone
    /// or camera switched; the host's Stop (a broadcast that ends with its room closing is not
    /// news); and a room's playback stopped, unless it closed for the room's own broadcast (its
    /// host went live, and the preview comes from the capture).
    private static func following(_ effect: AppEffect, _ shown: inout Shown, _ after: AppState) -> StatsEvent? {
        switch effect {
        case .dismissTarget(let next):
            defer { shown.target = next }
            guard let next else { return .dismissTargetHidden }
            return .dismissTarget(shown.target == nil ? .shown : next.isPulling ? .pulling : .released, PixelRect(next.frame))
        case .joinCall(let id, _, _, let sending):
            shown.sending = sending
            return .call(id, phase: "joined")
        case .joinJanusCall(let id, let join):
            shown.sending = join.sending
            return .call(id, phase: "joined")
        case .leaveCall(let id):
            shown.sending = nil
            return .call(id, phase: "left")
        case .setCallSending(let id, let next):
            defer { shown.sending = next }
            if next.microphoneMuted != shown.sending?.microphoneMuted {
                return .call(id, phase: next.microphoneMuted ? "mic-muted" : "mic-on")
            }
            return .call(id, phase: next.cameraOff ? "camera-off" : "camera-on")
        default: break
        }
        return switch effect {
        case .reopenSource(let id, let source): .sourceStatus(id, source: source, .connecting)
        case .stopBroadcast(let id): after.rooms[id] == nil ? nil : .broadcast(id, phase: "stopped")
        case .closePlayback(let id): after.broadcast?.room == id ? nil : .stop(id)
        case .showFloat(let id, let frame, _): .floatShown(id, PixelRect(frame))
        case .hideFloat: .floatHidden
        case .moveFloat(let rect): .floatMove(PixelRect(rect))
        default: nil
        }
    }

    /// A server that became reachable or unreachable (a new reason alone is not news: its
    /// wording may carry timings).
    private static func serverChange(_ serverID: String, _ before: Bool?, _ directory: LiveDirectory) -> [StatsEvent] {
        guard let now = reachable(serverID, directory), now != before else { return [] }
        var reason: String?
        if case .unreachable(let why, _, _) = directory.section(serverID)?.reachability { reason = why.words }
        return [.server(serverID, reachable: now, reason: reason)]
    }

    /// What a poll of room `id`'s playback reports that changed: its sources opened again, a
    /// call participant's own state (muted, camera off), a call participant's status, and the
    /// room's status when the session model had another one. Taken from the reports and the
    /// room before them: a room that ended may close in the same event.
    private static func playbackPolled(_ id: RoomID, _ reports: [SourceReport], _ before: (room: OpenRoom, status: PlaybackStatus)?,
                                       _ after: AppState) -> [StatsEvent] {
        guard let before, reports.count == before.room.sources.count else { return [] }
        var room = before.room
        var lines: [StatsEvent] = reports.indices.filter { reports[$0].opens > room.opens[$0] }.map {
            .sourceOpen(id, source: $0, count: reports[$0].opens)
        }
        if case .call(let list)? = after.room(id)?.media {
            for (i, report) in reports.enumerated() where report.remote != room.remote[i] && i < list.count {
                guard let remote = report.remote else { continue }
                lines.append(.remoteState(id, source: i, name: list[i].name, muted: remote.microphoneMuted, cameraOff: remote.cameraOff))
            }
        }
        if room.sources.count > 1 {
            lines += reports.indices.filter { reports[$0].status != room.sources[$0] }.map { .sourceStatus(id, source: $0, reports[$0].status) }
        }
        room.sources = reports.map(\.status)
        if room.status != before.status { lines.append(.status(id, room.status)) }
        return lines
    }

    /// The phase of the broadcast or of the joined call's own stream a poll reports on, when
    /// that room's runs.
    private static func polledPhase(_ event: AppEvent, _ state: AppState) -> String? {
        switch event {
        case .broadcastPolled(let id, _): state.broadcast?.room == id ? state.broadcast?.report.phase.label : nil
        case .callSendPolled(let id, _): state.call?.room == id ? state.call?.sending.phase.label : nil
        default: nil
        }
    }

    /// Whether a server is reachable, as far as its last answer says (nil: none yet).
    private static func reachable(_ serverID: String, _ directory: LiveDirectory) -> Bool? {
        switch directory.section(serverID)?.reachability {
        case .reachable: true
        case .unreachable: false
        case .unknown, nil: nil
        }
    }

    /// A call's new tile pictures in the main view: those on screen.
    private static func tileFrames(_ frames: [UploadedFrame], _ state: AppState) -> [StatsEvent] {
        guard !frames.isEmpty, let id = state.mainShowsVideo, state.room(id)?.kind == .call else { return [] }
        let shown = Set(state.mainSources)
        return frames.filter { shown.contains($0.source) }.map {
            .tileFrame(id, source: $0.source, pts: $0.pts, still: $0.still)
        }
    }

    /// A window's present: the picture it shows when it is new (a float's first present counts
    /// as new), or a float without a picture yet.
    private static func pictureShown(_ window: WindowKind, pts: Double?, _ state: AppState) -> [StatsEvent] {
        if window == .main {
            guard state.paint.main.framePending, case .room(let id) = state.session.mainWindow.content, let pts
            else { return [] }
            return [.frame(window: .main, id, pts: pts)]
        }
        guard let id = state.session.floatingRoomID else { return [] }
        if state.paint.float.framePending || state.paint.float.lastPresent == -.infinity, let pts {
            return [.frame(window: .float, id, pts: pts)]
        }
        return pts == nil ? [.blank(window: .float, id)] : []
    }

    /// The list's words or the call float's speaker, when a paint showed other ones than last
    /// logged (the paint pacing keeps what was).
    private static func viewsShown(_ before: LoggedViews, _ after: LoggedViews) -> [StatsEvent] {
        [after.list == before.list ? nil : after.list,
         after.floatSpeaker == before.floatSpeaker ? nil : after.floatSpeaker].compactMap { $0 }
    }
}

extension AppEvent {
    /// The server a finished directory read is of (a statistics page, or a Janus server's calls).
    fileprivate var fetchedServerID: String? {
        switch self {
        case .directoryFetched(let serverID, _, _), .directoryCallsFetched(let serverID, _, _): serverID
        default: nil
        }
    }
}
