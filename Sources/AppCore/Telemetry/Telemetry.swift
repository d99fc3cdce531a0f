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

        /// Takes the facts from `state`, about to reduce `event`.
        init(_ state: AppState, _ event: AppEvent) {
            metrics = state.environment.metrics
            logged = state.paint.logged
            dismissTarget = state.motion?.dismissTarget
            if case .directoryFetched(let serverID, _, _) = event {
                reachable = Telemetry.reachable(serverID, state.directory)
            } else {
                reachable = nil
            }
        }
    }

    /// `effects`, the reduction of `event` from the state `before` to `after`, with the stats
    /// log's lines in their places.
    static func logged(_ event: AppEvent, before: Before, after: AppState, effects: [AppEffect]) -> [AppEffect] {
        let first = opening(event, before: before, after: after)
        // Most events write no line: their effects go on as they are, without a copy.
        var target = before.dismissTarget
        guard !first.isEmpty || effects.contains(where: { following($0, &target, after) != nil }) else { return effects }
        target = before.dismissTarget
        var out = first.map(AppEffect.stats)
        out.reserveCapacity(out.count + effects.count)
        for effect in effects {
            out.append(effect)
            if let line = following(effect, &target, after) { out.append(.stats(line)) }
        }
        return out
    }

    /// The lines written before the event's effects are carried out.
    private static func opening(_ event: AppEvent, before: Before, after: AppState) -> [StatsEvent] {
        switch event {
        case .roomsReloaded(let config): return [.roomsReloaded(rooms: config.rooms.count)]
        case .scaleChanged(let metrics): return metrics == before.metrics ? [] : [.scale(metrics.scale)]
        case .directoryFetched(let serverID, _, _): return serverChange(serverID, before.reachable, after.directory)
        case .framesUploaded(_, let frames): return tileFrames(frames, after)
        case .pictureShown(let window, let pts): return pictureShown(window, pts: pts, after)
        case .painted: return viewsShown(before.logged, after.paint.logged)
        default: return []
        }
    }

    /// The line an effect brings right after it: the float window shown, hidden or moved, its
    /// dismiss target shown, pulling or not, or hidden (`target`: the one showing until then),
    /// and a room's playback stopped, unless it closed for the room's own broadcast (its host
    /// went live, and the preview comes from the capture).
    private static func following(_ effect: AppEffect, _ target: inout DismissTarget?, _ after: AppState) -> StatsEvent? {
        if case .dismissTarget(let next) = effect {
            defer { target = next }
            guard let next else { return .dismissTargetHidden }
            return .dismissTarget(target == nil ? .shown : next.isPulling ? .pulling : .released, PixelRect(next.frame))
        }
        return switch effect {
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
