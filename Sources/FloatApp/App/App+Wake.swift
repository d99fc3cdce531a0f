import CSDL
import Playback

/// How long the loop may sleep: until the next frame is due, the next animation step,
/// or the next timed check, never busy-waiting.
@MainActor
extension App {
    /// Milliseconds to wait for events before the next tick.
    func wakeDelayMilliseconds() -> Int32 {
        var delay = 0.25  // idle: rooms file, displays and control-bar timeouts stay prompt
        let step = 1 / refreshRate
        if motion?.isAnimating == true || floatPointerDown { delay = min(delay, step) }
        if !toasts.items.isEmpty || draggingVolume { delay = min(delay, 1.0 / 30) }
        if case .room = model.mainWindow.content {
            let sinceMotion = now - lastPointerMotion
            if sinceMotion < 3 { delay = min(delay, 3 - sinceMotion + 0.01) }
        }
        if mainFramePending { delay = min(delay, max(0, lastMainPresent + step - now)) }
        for session in visibleSessions() {
            switch session.status {
            case .playing:
                // The next queued frame's due time; with none queued, the session's
                // onFrameQueued wakes the loop (see frameWakeObservers).
                if let due = session.nextFrameDelay { delay = min(delay, due) }
            case .idle, .connecting, .buffering, .reconnecting:
                delay = min(delay, 1.0 / 30)  // status spinner
            case .ended, .failed:
                break
            }
        }
        if !players.isEmpty { delay = min(delay, 0.1) }  // statuses and audio levels
        return Int32(max(1, (delay * 1000).rounded(.up)))
    }

    /// Observers that let a session wake the loop when a frame becomes due while none was
    /// queued: they post an SDL event, which is safe from any thread.
    func frameWakeObservers() -> PlaybackObservers {
        let type = wakeEventType
        return PlaybackObservers(onFrameQueued: {
            var event = SDL_Event()
            event.type = type
            SDL_PushEvent(&event)
        })
    }

    /// Reads the refresh rate of the display the float or main window is on (60 Hz when unknown).
    func readRefreshRate() {
        var mode = SDL_DisplayMode()
        let index = floatWindow?.isVisible == true ? floatWindow!.window.displayIndex : mainWindow.displayIndex
        refreshRate = SDL_GetCurrentDisplayMode(index, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
    }

    /// The sessions whose frames a visible window shows now.
    private func visibleSessions() -> [PlaybackSession] {
        var out: [PlaybackSession] = []
        if let id = model.floatingRoomID, floatWindow?.isVisible == true, let p = players[id] {
            for index in [floatSpeaker.shownIndex ?? 0, floatSpeaker.pending].compactMap({ $0 })
            where index < p.sessions.count {
                out.append(p.sessions[index])
            }
        }
        if case .room(let id) = model.mainWindow.content, !mainWindow.isMinimized, let p = players[id],
           model.floatingRoomID != id {
            out += p.sessions
        }
        return out
    }
}
