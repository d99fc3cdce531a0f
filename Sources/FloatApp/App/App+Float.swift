import CSDL
import PiPLayout
import Playback

/// The float window: showing and hiding it, and carrying out what `FloatMotion` decides.
@MainActor
extension App {
    /// Every display with its full and usable bounds (`_NET_WORKAREA` on X11).
    func currentDisplays() -> [Display] {
        let n = max(0, SDL_GetNumVideoDisplays())
        var out: [Display] = []
        for i in 0..<n {
            var full = SDL_Rect(), usable = SDL_Rect()
            guard SDL_GetDisplayBounds(i, &full) == 0 else { continue }
            if SDL_GetDisplayUsableBounds(i, &usable) != 0 { usable = full }
            out.append(Display(full: Rect(full), usable: Rect(usable)))
        }
        return out.isEmpty ? [Display(full: Rect(x: 0, y: 0, width: 1280, height: 720), usable: Rect(x: 0, y: 0, width: 1280, height: 720))] : out
    }

    /// The aspect ratio (width / height) the float shows for a room.
    func videoAspect(_ player: RoomPlayer) -> Double {
        if player.isCall { return 16.0 / 9.0 }
        if let size = player.sessions.first?.videoSize, size.width > 0, size.height > 0 {
            return Double(size.width) / Double(size.height)
        }
        return 16.0 / 9.0
    }

    /// Makes the float window ahead of time, hidden, so that floating shows
    /// its first frame without waiting for a new window and renderer (P17).
    func prepareFloatWindow() {
        guard floatWindow == nil else { return }
        do {
            floatWindow = try FloatWindow(fonts: fonts, frame: SDL_Rect(0, 0, 320, 180))
            if compositorMovesFloat { floatWindow?.enableCompositorDrag(buttonSize: Int32(44 * scale)) }
        } catch {
            Log.warn("cannot prepare the float window: \(error)")
        }
    }

    /// Opens the float for a room: the current frame is drawn before the window appears on screen (P17).
    func showFloat(_ id: RoomID) {
        guard let player = players[id] else { return }
        let displays = currentDisplays()
        lastUsable = displays
        // Where the user left it in this run, else where the last run did (P15).
        var m = FloatMotion(displays: displays, videoAspect: videoAspect(player), placement: motion?.placement ?? placementStore.load())
        prepareFloatWindow()
        guard let fw = floatWindow else {
            toasts.show("Cannot open the float window", now: now)
            floatFailedToShow = true
            return
        }
        _ = m.send(.displaysChanged(displays))
        motion = m
        fw.window.title = "\(player.room.title) - PiP"
        let r = SDL_Rect(m.frame)
        fw.window.setFrame(x: r.x, y: r.y, width: r.w, height: r.h)
        fw.video.reset()
        resetFloatPointer()
        fw.window.show()
        floatDirty = true
        renderFloat(force: true)
        stats?.event("float_shown", at: nanos, [("room", id), ("x", Int(r.x)), ("y", Int(r.y)), ("w", Int(r.w)), ("h", Int(r.h))])
    }

    /// Hides the float (it is kept for the next time) and saves where it was.
    func hideFloat() {
        guard let fw = floatWindow, fw.isVisible else { return }
        savePlacement()
        fw.window.hide()
        fw.video.reset()
        resetFloatPointer()
        // A hold or a spring in progress ends with the float: it rests where it was going.
        if let m = motion {
            motion = FloatMotion(displays: m.displays, videoAspect: m.videoAspect, placement: m.placement)
        }
        stats?.event("float_hidden", at: nanos)
    }

    /// Forgets any press, hover or held pointer on the float.
    private func resetFloatPointer() {
        floatSpeaker.reset()
        floatHover = false
        floatHovered = nil
        floatPointerDown = false
        floatPressedControl = nil
        floatHeldPointer = nil
        floatHotspots = []
    }

    func savePlacement() {
        guard let placement = motion?.placement else { return }
        placementStore.save(placement)
    }

    /// Feeds an action to the float motion and carries out its effects.
    func sendMotion(_ action: FloatMotion.Action) {
        guard var m = motion else { return }
        let effects = m.send(action)
        motion = m
        for effect in effects { performMotion(effect) }
    }

    private func performMotion(_ effect: FloatMotion.Effect) {
        switch effect {
        case .setFrame(let rect):
            guard let fw = floatWindow else { return }
            let r = SDL_Rect(rect)
            let before = fw.window.size
            fw.window.setFrame(x: r.x, y: r.y, width: r.w, height: r.h)
            if before.width != r.w || before.height != r.h { floatDirty = true }
            stats?.event("float_move", at: nanos, [("x", Int(r.x)), ("y", Int(r.y)), ("w", Int(r.w)), ("h", Int(r.h))])
        case .tapped:
            send(.floatClicked)
        case .snapTargetChosen(let target):
            stats?.event("snap_target", at: nanos, [("target", "\(target)")])
        case .placementChanged(let placement):
            placementStore.save(placement)
        case .stashStripChanged:
            floatDirty = true
        case .dismissTargetShown(let target), .dismissTargetChanged(let target):
            stats?.event("dismiss_target", at: nanos, [("x", Int(target.center.x)), ("y", Int(target.center.y)), ("pulling", target.isPulling ? 1 : 0)])
        case .dismissTargetHidden:
            stats?.event("dismiss_target_hidden", at: nanos)
        case .dismissed:
            send(.floatCloseClicked)
        }
    }

    /// Re-settles the float when the displays or work area change (P13).
    func checkDisplays(force: Bool = false) {
        guard motion != nil, floatWindow?.isVisible == true else { return }
        guard force || now - lastUsableCheck > 1 else { return }
        lastUsableCheck = now
        let displays = currentDisplays()
        if displays != lastUsable {
            lastUsable = displays
            sendMotion(.displaysChanged(displays))
        }
    }

    /// Gives the float the floating room's video aspect once it is known or when it changes (P3):
    /// a float opened before the first decoded frame starts at 16:9.
    func checkFloatAspect() {
        guard let m = motion, floatWindow?.isVisible == true, let id = model.floatingRoomID,
            let player = players[id]
        else { return }
        let aspect = videoAspect(player)
        if aspect != m.videoAspect { sendMotion(.videoAspectChanged(aspect)) }
    }

    /// Feeds the float motion a pointer move SDL did not report while the float is held (P6).
    ///
    /// SDL drops a motion event whose window-relative position equals the previous one, and that
    /// is what a window following the pointer produces: a steady drag would lose its last moves.
    func pollHeldPointer(now t: Double) {
        guard floatPointerDown, let last = floatHeldPointer else { return }
        let point = globalPointer()
        guard point != last else { return }
        floatHeldPointer = point
        sendMotion(.pointerMoved(point, time: t))
    }

    /// The global pointer position (XTEST-driven input included).
    func globalPointer() -> Point {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetGlobalMouseState(&x, &y)
        return Point(x: Double(x), y: Double(y))
    }
}

extension Rect {
    init(_ r: SDL_Rect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }
}

extension SDL_Rect {
    init(_ r: Rect) {
        self.init(x: Int32(r.origin.x.rounded()), y: Int32(r.origin.y.rounded()),
                  w: Int32(r.size.width.rounded()), h: Int32(r.size.height.rounded()))
    }
}
