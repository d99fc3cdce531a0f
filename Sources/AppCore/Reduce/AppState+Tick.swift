import PiPLayout
import Rooms

/// The loop's tick: animations, polls that are due, levels and toasts.
extension AppState {
    /// How often the displays (while the float shows) and the rooms file are checked.
    static let checkInterval = 1.0
    /// How often the open call's audio levels feed the active speaker.
    static let levelsInterval = 0.1

    mutating func tick(pointer: Point, now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        if motion?.isAnimating == true || motion?.isDragging == true {
            effects += sendMotion(.frameTicked(now: now), now: now)
        }
        effects += heldPointerPolled(pointer, now: now)
        effects += floatAspectChecked(now: now)
        effects += floatHandoverTimedOut(now: now)
        // The displays only matter while the float shows (P13); showing it reads them fresh.
        if float.visible, now - checks.displaysAt >= Self.checkInterval {
            checks.displaysAt = now
            effects.append(.readDisplays)
        }
        if now - checks.roomsFileAt >= Self.checkInterval {
            checks.roomsFileAt = now
            effects.append(.checkRoomsFile)
        }
        if now - checks.levelsAt >= Self.levelsInterval { effects += levelsMeasured(now: now) }
        effects += directoryTicked(now: now)
        effects += sendPlaylists(.tick(now: now), now: now)
        toasts.removeAll { $0.until <= now }
        if let at = checks.releaseMemoryAt, now >= at {
            checks.releaseMemoryAt = nil
            effects.append(.releaseFreedMemory)
        }
        return effects
    }

    private mutating func levelsMeasured(now: Double) -> [AppEffect] {
        checks.levelsAt = now
        guard let id = session.openRoomID, let room = rooms[id], self.room(id)?.kind == .call else { return [] }
        var levels: [Int: Double] = [:]
        for (i, level) in room.levels.enumerated() { levels[i] = level }
        let before = session.activeSpeaker.current
        let effects = send(.audioLevelsMeasured(at: now, levels: levels), now: now)
        guard let speaker = session.activeSpeaker.current, speaker != before,
              case .call(let list)? = self.room(id)?.media, speaker < list.count else { return effects }
        return effects + [.stats(.speaker(id, source: speaker, name: list[speaker].name))]
    }

    /// When the loop must wake next at the latest: the next frame due (`frameDelay`, the
    /// earliest ``SourcePlayer/nextFrameDelay`` of ``sourcesAwaitingFrames``), a spring
    /// step, a toast fade, the control bar's timeout, a spinner, or the next poll.
    public func nextWake(now: Double, frameDelay: Double?) -> Double {
        var delay = 0.25  // idle: rooms file, displays and control-bar timeouts stay prompt
        let step = 1 / environment.refreshRate
        if motion?.isAnimating == true || float.pointerDown { delay = min(delay, step) }
        if !toasts.isEmpty || main.draggingVolume { delay = min(delay, PaintPacing.animationStep) }
        if case .room = session.mainWindow.content, main.controlsUntil > now {
            delay = min(delay, main.controlsUntil - now + 0.01)
        }
        let nextMainPaint = paint.main.lastPresent + mainFrameInterval - now
        if paint.main.framePending { delay = min(delay, max(0, nextMainPaint)) }
        // A call's tiles wait for the next paint: waking for each participant's frame would
        // wake the loop at every one of them, to paint none.
        let framesWait = mainFrameInterval > step ? max(0, nextMainPaint) : 0
        for (id, index) in visibleSources {
            switch rooms[id]?.sources[index] {
            case .playing: if let frameDelay { delay = min(delay, max(frameDelay, id == mainShowsVideo ? framesWait : 0)) }
            case .connecting, .buffering, .reconnecting: delay = min(delay, PaintPacing.animationStep)
            default: break
            }
        }
        if !rooms.isEmpty { delay = min(delay, Self.levelsInterval) }
        if let deadline = directory.nextDeadline { delay = min(delay, deadline - now) }
        if let at = playlists.nextReadAt { delay = min(delay, at - now) }
        if let at = checks.releaseMemoryAt { delay = min(delay, at - now) }
        if let by = float.closesBy { delay = min(delay, by - now) }
        return now + max(0, delay)
    }

    /// The sources a visible window shows now.
    /// A paused room's sources are not shown.
    public var visibleSources: [(RoomID, Int)] {
        var out: [(RoomID, Int)] = []
        if let id = session.openRoomID, isPaused(id) { return out }
        if let id = session.floatWindowRoomID, let room = rooms[id] {
            out += floatSources.filter { room.sources.indices.contains($0) }.map { (id, $0) }
        }
        if let id = mainShowsVideo, let room = rooms[id] { out += room.sources.indices.map { (id, $0) } }
        return out
    }

    /// The visible sources that play, whose next frame decides the wake-up.
    public var sourcesAwaitingFrames: [(RoomID, Int)] {
        visibleSources.filter { rooms[$0.0]?.sources[$0.1] == .playing }
    }
}
