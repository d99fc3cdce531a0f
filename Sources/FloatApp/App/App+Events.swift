import CSDL
import PiPLayout
import Playback

/// SDL events become session actions, float motion actions, or view changes.
@MainActor
extension App {
    func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            quit()
        case SDL_WINDOWEVENT:
            handleWindowEvent(event.window)
        case SDL_DISPLAYEVENT:
            readRefreshRate()
            checkDisplays(force: true)
        case SDL_KEYDOWN:
            // A held key repeats only where repeating makes sense (moves, sizes, volume):
            // a repeated Esc must not restore the float and then leave the room.
            if event.key.repeat != 0 && !Self.repeatableKeys.contains(SDL_KeyCode(UInt32(bitPattern: event.key.keysym.sym))) {
                return
            }
            if isFloat(event.key.windowID) { floatKey(event.key) } else { mainKey(event.key) }
        case SDL_MOUSEMOTION:
            if isFloat(event.motion.windowID) || floatPointerDown { floatPointerMoved(event.motion) } else { mainPointerMoved(event.motion) }
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            if isFloat(event.button.windowID) { floatPressed(event.button) } else { mainPressed(event.button) }
        case SDL_MOUSEBUTTONUP:
            guard event.button.button == UInt8(SDL_BUTTON_LEFT) else { return }
            if isFloat(event.button.windowID) || floatPointerDown { floatReleased(event.button) } else { mainReleased(event.button) }
        case SDL_MOUSEWHEEL:
            let steps = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -event.wheel.y : event.wheel.y
            if isFloat(event.wheel.windowID) {
                if !compositorMovesFloat { sendMotion(.wheel(steps: Int(steps))) }
            } else if case .list = model.mainWindow.content {
                list.scroll(by: -steps, drawContext(mainRenderer, mainText), rows: config.rooms.count, height: mainRenderer.outputSize.height)
                mainDirty = true
            }
        default:
            break
        }
    }

    /// Whether an event is for the float; a hidden float takes no input.
    func isFloat(_ windowID: UInt32) -> Bool {
        guard let fw = floatWindow, fw.isVisible else { return false }
        return windowID == fw.window.id
    }

    private func handleWindowEvent(_ e: SDL_WindowEvent) {
        let kind = SDL_WindowEventID(UInt32(e.event))
        if isFloat(e.windowID) {
            switch kind {
            case SDL_WINDOWEVENT_ENTER:
                floatHover = true; floatDirty = true
            case SDL_WINDOWEVENT_LEAVE:
                if !floatPointerDown { floatHover = false; floatHovered = nil; floatDirty = true }
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_SHOWN:
                floatDirty = true
            case SDL_WINDOWEVENT_CLOSE:
                send(.floatCloseClicked)
            default: break
            }
            return
        }
        switch kind {
        case SDL_WINDOWEVENT_CLOSE:
            quit()
        case SDL_WINDOWEVENT_MINIMIZED:
            draggingVolume = false
            send(.mainWindowMinimized)
        case SDL_WINDOWEVENT_FOCUS_LOST:
            draggingVolume = false
        case SDL_WINDOWEVENT_RESTORED:
            mainDirty = true
            send(.mainWindowRestored)
        case SDL_WINDOWEVENT_FOCUS_GAINED:
            if !mainWindow.isMinimized { send(.mainWindowRestored) }
        case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_SHOWN:
            mainDirty = true
        case SDL_WINDOWEVENT_LEAVE:
            list.hovered = nil; hoveredControl = nil; mainDirty = true
        default: break
        }
    }

    /// Keys whose auto-repeat is acted on.
    static let repeatableKeys: Set<SDL_KeyCode> = [
        SDLK_UP, SDLK_DOWN, SDLK_LEFT, SDLK_RIGHT, SDLK_PAGEUP, SDLK_PAGEDOWN,
        SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS, SDLK_MINUS, SDLK_KP_MINUS,
    ]

    // MARK: Main window

    private func mainKey(_ k: SDL_KeyboardEvent) {
        let sym = SDL_KeyCode(UInt32(bitPattern: k.keysym.sym))
        let ctrl = UInt32(k.keysym.mod) & UInt32(KMOD_CTRL.rawValue) != 0
        showControls()
        switch model.mainWindow.content {
        case .list:
            let ctx = drawContext(mainRenderer, mainText)
            let h = mainRenderer.outputSize.height
            switch sym {
            case SDLK_UP: list.moveSelection(by: -1, ctx, rows: config.rooms.count, height: h)
            case SDLK_DOWN: list.moveSelection(by: 1, ctx, rows: config.rooms.count, height: h)
            case SDLK_PAGEUP: list.moveSelection(by: -5, ctx, rows: config.rooms.count, height: h)
            case SDLK_PAGEDOWN: list.moveSelection(by: 5, ctx, rows: config.rooms.count, height: h)
            case SDLK_HOME: list.moveSelection(by: -config.rooms.count, ctx, rows: config.rooms.count, height: h)
            case SDLK_END: list.moveSelection(by: config.rooms.count, ctx, rows: config.rooms.count, height: h)
            case SDLK_RETURN, SDLK_KP_ENTER, SDLK_SPACE:
                if config.rooms.indices.contains(list.selected) { send(.roomSelected(config.rooms[list.selected].id)) }
            case SDLK_q where ctrl: quit()
            default: return
            }
            mainDirty = true
        case .room(let id):
            switch sym {
            case SDLK_p: send(.pipRequested(origin: .key))
            case SDLK_m: toggleMute(id)
            case SDLK_ESCAPE, SDLK_BACKSPACE:
                // A host goes back to the list with the broadcast running; others leave the room.
                send(model.isHosting ? .backToListClicked : .leaveClicked)
            case SDLK_l: if let layout = callLayoutNext() { send(.callLayoutSelected(layout)) }
            case SDLK_u: send(.participantListToggled)
            case SDLK_r: send(.retryClicked)
            case SDLK_UP: changeVolume(id, by: 0.1)
            case SDLK_DOWN: changeVolume(id, by: -0.1)
            case SDLK_q where ctrl: quit()
            default: return
            }
            mainDirty = true
        }
    }

    func callLayoutNext() -> CallLayout? {
        guard case .room(let id) = model.mainWindow.content, players[id]?.isCall == true else { return nil }
        return model.callLayout.next
    }

    func toggleMute(_ id: RoomID) {
        guard let p = players[id] else { return }
        p.isMuted.toggle()
        stats?.event("mute", at: nanos, [("room", id), ("muted", p.isMuted)])
        mainDirty = true; floatDirty = true
    }

    private func changeVolume(_ id: RoomID, by delta: Float) {
        guard let p = players[id] else { return }
        p.volume = max(0, min(1, p.volume + delta))
        if p.isMuted && delta > 0 { p.isMuted = false }
    }

    func showControls() {
        if now - lastPointerMotion > 3 { mainDirty = true }
        lastPointerMotion = now
    }

    private func mainPointerMoved(_ m: SDL_MouseMotionEvent) {
        let (x, y) = pixels(m.x, m.y)
        switch model.mainWindow.content {
        case .list:
            let row = list.row(at: x, y, drawContext(mainRenderer, mainText), rows: config.rooms.count, width: mainRenderer.outputSize.width)
            if row != list.hovered { list.hovered = row; mainDirty = true }
        case .room(let id):
            showControls()
            let hit: RoomControl? = roomHotspots.hit(x, y)
            if hit != hoveredControl { hoveredControl = hit; mainDirty = true }
            if draggingVolume { setVolume(of: id, from: x) }
        }
    }

    private func mainPressed(_ b: SDL_MouseButtonEvent) {
        let (x, y) = pixels(b.x, b.y)
        switch model.mainWindow.content {
        case .list:
            if let row = list.row(at: x, y, drawContext(mainRenderer, mainText), rows: config.rooms.count, width: mainRenderer.outputSize.width) {
                list.selected = row
                mainDirty = true
            }
        case .room(let id):
            showControls()
            if roomHotspots.hit(x, y) == RoomControl.volume, setVolume(of: id, from: x) {
                draggingVolume = true
                if let p = players[id], p.isMuted { p.isMuted = false }
            }
        }
    }

    /// Sets a room's volume from a pointer position on the volume slider; says whether it did.
    @discardableResult
    private func setVolume(of id: RoomID, from x: Int32) -> Bool {
        guard let spot = roomHotspots.first(where: { $0.target == .volume }), let p = players[id] else { return false }
        p.volume = RoomView.volume(at: x, in: spot.rect, drawContext(mainRenderer, mainText))
        mainDirty = true
        return true
    }

    private func mainReleased(_ b: SDL_MouseButtonEvent) {
        let (x, y) = pixels(b.x, b.y)
        if draggingVolume { draggingVolume = false; return }
        switch model.mainWindow.content {
        case .list:
            let ctx = drawContext(mainRenderer, mainText)
            if let row = list.row(at: x, y, ctx, rows: config.rooms.count, width: mainRenderer.outputSize.width), row == list.selected {
                send(.roomSelected(config.rooms[row].id))
            }
        case .room(let id):
            guard let control: RoomControl = roomHotspots.hit(x, y) else { return }
            switch control {
            case .pip: send(.pipRequested(origin: .control))
            case .mute: toggleMute(id)
            case .volume: break
            case .leave: send(.leaveClicked)
            case .layout(let layout): send(.callLayoutSelected(layout))
            case .participants: send(.participantListToggled)
            case .retry: send(.retryClicked)
            case .back: send(.backToListClicked)
            }
            mainDirty = true
        }
    }

    /// Window coordinates to renderer pixels (they differ on HiDPI).
    private func pixels(_ x: Int32, _ y: Int32) -> (Int32, Int32) {
        let win = mainWindow.size, out = mainRenderer.outputSize
        guard win.width > 0, win.height > 0 else { return (x, y) }
        return (x * out.width / win.width, y * out.height / win.height)
    }

    // MARK: Float window

    private func floatKey(_ k: SDL_KeyboardEvent) {
        let sym = SDL_KeyCode(UInt32(bitPattern: k.keysym.sym))
        let ctrl = UInt32(k.keysym.mod) & UInt32(KMOD_CTRL.rawValue) != 0
        switch sym {
        case SDLK_ESCAPE: send(.floatClicked)
        case SDLK_m: if let id = model.floatingRoomID { toggleMute(id) }
        case SDLK_w where ctrl: send(.floatCloseClicked)
        case SDLK_UP: sendMotion(.arrowKeyPressed(.up))
        case SDLK_DOWN: sendMotion(.arrowKeyPressed(.down))
        case SDLK_LEFT: sendMotion(.arrowKeyPressed(.left))
        case SDLK_RIGHT: sendMotion(.arrowKeyPressed(.right))
        case SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS: sendMotion(.resizeKeyPressed(.grow))
        case SDLK_MINUS, SDLK_KP_MINUS: sendMotion(.resizeKeyPressed(.shrink))
        default: break
        }
    }

    private func floatPressed(_ b: SDL_MouseButtonEvent) {
        floatHover = true
        if let control: FloatControl = floatHotspots.hit(b.x, b.y) {
            floatPressedControl = control
            return
        }
        floatPointerDown = true
        if compositorMovesFloat { return }
        let point = globalPointer()
        floatHeldPointer = point
        sendMotion(.pointerPressed(point, time: Double(b.timestamp) / 1000))
    }

    private func floatPointerMoved(_ m: SDL_MouseMotionEvent) {
        if floatPointerDown {
            if !compositorMovesFloat {
                let point = globalPointer()
                floatHeldPointer = point
                sendMotion(.pointerMoved(point, time: Double(m.timestamp) / 1000))
            }
            return
        }
        if !floatHover { floatHover = true; floatDirty = true }
        let hit: FloatControl? = floatHotspots.hit(m.x, m.y)
        if hit != floatHovered { floatHovered = hit; floatDirty = true }
    }

    private func floatReleased(_ b: SDL_MouseButtonEvent) {
        if let pressed = floatPressedControl {
            floatPressedControl = nil
            if floatHotspots.hit(b.x, b.y) == pressed { floatControlClicked(pressed) }
            return
        }
        guard floatPointerDown else { return }
        floatPointerDown = false
        floatHeldPointer = nil
        if compositorMovesFloat { send(.floatClicked); return }
        sendMotion(.pointerReleased(globalPointer(), time: Double(b.timestamp) / 1000))
        // A LEAVE during the drag was held back: hover follows where the pointer is now.
        if let fw = floatWindow, fw.isVisible {
            floatHover = SDL_GetMouseFocus() == fw.window.handle
            if !floatHover { floatHovered = nil }
            floatDirty = true
        }
    }

    private func floatControlClicked(_ c: FloatControl) {
        switch c {
        case .close: send(.floatCloseClicked)
        case .restore: send(.floatClicked)
        case .mute: if let id = model.floatingRoomID { toggleMute(id) }
        }
    }
}
