import Rooms

/// Paint pacing (the ``PaintPacing`` child): routing what happened to a window's painting, the
/// one place its effects become the app's, and whether a window is due given what it shows.
extension AppState {
    /// Routes an action to the paint pacing and maps its effects: after the main window's present,
    /// the list's words are recorded when new; after the float's, its speaker; after either, a
    /// float just shown on Wayland goes in front once both presented (P18).
    mutating func sendPaint(_ action: PaintPacing.Action, now: Double) -> [AppEffect] {
        paint.send(action).flatMap { effect -> [AppEffect] in
            switch effect {
            case .presented(.main):
                main.presentedSinceMapped = true
                listShown(now: now)
                return floatToFront()
            case .presented(.float):
                floatSpeakerShown(now: now)
                return floatToFront()
            }
        }
    }

    /// Whether a window must be painted now: what it shows changed, a frame is due, or it
    /// changes with time (spinners, countdowns and toasts' fades at about 30 Hz, a live row's
    /// clock each second; call frames at most at the display rate).
    public func shouldPaint(_ window: WindowKind, now: Double) -> Bool {
        window == .main ? mainShouldPaint(now: now) : floatShouldPaint(now: now)
    }

    private func mainShouldPaint(now: Double) -> Bool {
        guard session.mainWindow.presence == .shown else { return false }
        let fading = toasts.contains { $0.until - now < Toast.fade }
        guard case .room(let id) = session.mainWindow.content else {
            return paint.isDue(.main, now: now, frameInterval: .infinity, animates: false,
                               changesWithTime: fading || listClockTicked(now: now))
        }
        guard let room = rooms[id] else { return false }
        return paint.isDue(.main, now: now, frameInterval: mainFrameInterval, animates: room.status != .playing,
                           changesWithTime: fading || controlsVisible(now: now) != paint.controlsDrawn)
    }

    /// Whether the list's live rows and server headers (W8) show another whole second than
    /// when the list was last presented.
    private func listClockTicked(now: Double) -> Bool {
        !directory.sections.isEmpty && now.rounded(.down) != paint.main.lastPresent.rounded(.down)
    }

    private func floatShouldPaint(now: Double) -> Bool {
        guard float.visible, let id = session.floatWindowRoomID, let room = rooms[id],
              room.sources.indices.contains(floatSource)
        else { return false }
        return paint.isDue(.float, now: now, frameInterval: 0, animates: room.sources[floatSource] != .playing,
                           changesWithTime: false)
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
}
