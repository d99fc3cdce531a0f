import AppCore
import CSDL
import PiPLayout
import Rooms
import SingleInstance

/// The one place where SDL's event union becomes `AppEvent`s.
@MainActor
extension App {
    func handle(_ event: SDL_Event) {
        guard !handleDesktopEvent(event) else { return }
        for e in translate(event) { dispatch(e) }
    }

    /// Handles the desktop's own SDL events (a scale change, media commands); false for any
    /// other event.
    func handleDesktopEvent(_ event: SDL_Event) -> Bool {
        if let factor = desktop.scaleFactor(of: event) {
            dispatch(.desktopScaleRead(factor))
            return true
        }
        if let preferences = desktop.preferences(of: event) {
            dispatch(.desktopPreferencesRead(preferences))
            return true
        }
        if desktop.instanceWaker.matches(event) {
            for request in desktop.takeInstanceRequests() { handOver(request) }
            return true
        }
        if handleAccessibleRequests(event) { return true }
        guard desktop.mediaWaker.matches(event) else { return false }
        for command in desktop.takeCommands() { dispatch(.media(command)) }
        return true
    }

    /// Carries out another FloatApp's request (W14): its items are opened and the main window
    /// raised, as of the launcher's startup time when it gave one (X11 window managers let a
    /// window take the focus only for an input later than the focused window's), or with the
    /// launcher's xdg-activation token on Wayland.
    private func handOver(_ request: InstanceRequest) {
        if let time = request.activation.startupTime, time > state.main.userTime { dispatch(.userInput(serverTime: time)) }
        if let token = request.activation.token { launcherToken = token }
        if case .open(let items, _) = request {
            let links = items.allSatisfy { $0.lowercased().hasPrefix(InviteLink.scheme + ":") }
            dispatch(.itemsGiven(items, from: links ? .link : .otherInstance))
        }
        dispatch(.activated)
    }

    private func translate(_ event: SDL_Event) -> [AppEvent] {
        if directoryFetcher.waker.matches(event) { return directoryFetcher.takeAnswers() }
        if janusCalls.waker.matches(event) { return janusCalls.takeAnswers() }
        if playlistReader.waker.matches(event) { return playlistReader.takeAnswers() }
        if sourceProbe.waker.matches(event) { return sourceProbe.takeAnswers() }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return [.closed(.main)]
        case SDL_WINDOWEVENT:
            return windowEvent(event.window).map { [$0] } ?? []
        case SDL_DISPLAYEVENT:
            return [.refreshRateRead(readRefreshRate()), .displaysRead(Self.currentDisplays())]
        case SDL_KEYDOWN:
            guard let key = Key(event.key.keysym.sym) else { return [] }
            let mod = UInt32(event.key.keysym.mod)
            return [.key(key, window: kind(event.key.windowID), ctrl: mod & UInt32(KMOD_CTRL.rawValue) != 0,
                         shift: mod & UInt32(KMOD_SHIFT.rawValue) != 0, isRepeat: event.key.repeat != 0)]
        case SDL_TEXTINPUT, SDL_TEXTEDITING, SDL_TEXTEDITING_EXT:
            return textEvent(event)
        case SDL_SYSWMEVENT:
            drops.note(event.syswm.msg)
            return serverPointerEvent(event.syswm.msg)
        case SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE:
            guard let items = drops.take(event.drop) else { return [] }
            return [.itemsGiven(items, from: .drop(kind(event.drop.windowID)))]
        case SDL_MOUSEMOTION:
            let m = event.motion, (x, y) = position(m.windowID, m.x, m.y)
            guard !floatPointerFromServer(m.windowID) else { return [] }
            return [.pointerMoved(window: kind(m.windowID), x: x, y: y, global: globalPointer(), time: seconds(m.timestamp))]
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button, (x, y) = position(b.windowID, b.x, b.y)
            if b.button == UInt8(SDL_BUTTON_MIDDLE), event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                return [.middlePressed(window: kind(b.windowID), x: x, y: y)]
            }
            guard b.button == UInt8(SDL_BUTTON_LEFT), !floatPointerFromServer(b.windowID) else { return [] }
            let w = kind(b.windowID), global = globalPointer(), time = seconds(b.timestamp)
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                return [.pointerPressed(window: w, x: x, y: y, global: global, time: time)]
            }
            let overFloat = floatWindow.map { PointerState.isOver($0.window) } ?? false
            return [.pointerReleased(window: w, x: x, y: y, global: global, time: time, overFloat: overFloat)]
        case SDL_MOUSEWHEEL:
            let steps = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -event.wheel.y : event.wheel.y
            let modifier = PointerState.ctrlOrShiftHeld
            let w = kind(event.wheel.windowID)
            return [modifier ? .wheelWithModifier(window: w, steps: Int(steps)) : .wheel(window: w, steps: Int(steps))]
        default:
            return []
        }
    }

    /// Typed text and the input method's composition; an extended composition's text is SDL's
    /// to free.
    private func textEvent(_ event: SDL_Event) -> [AppEvent] {
        switch SDL_EventType(event.type) {
        case SDL_TEXTINPUT:
            return [.textTyped(Self.text(event.text.text), window: kind(event.text.windowID))]
        case SDL_TEXTEDITING:
            let e = event.edit
            return [.textEdited(Self.text(e.text), start: Int(e.start), length: Int(e.length), window: kind(e.windowID))]
        default:
            let e = event.editExt
            defer { SDL_free(e.text) }
            let text = e.text.map { String(cString: $0) } ?? ""
            return [.textEdited(text, start: Int(e.start), length: Int(e.length), window: kind(e.windowID))]
        }
    }

    /// The UTF-8 text of an SDL event's fixed, NUL-terminated buffer.
    private static func text<Buffer>(_ buffer: Buffer) -> String {
        withUnsafeBytes(of: buffer) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private func windowEvent(_ e: SDL_WindowEvent) -> AppEvent? {
        let w = kind(e.windowID)
        switch SDL_WindowEventID(UInt32(e.event)) {
        case SDL_WINDOWEVENT_ENTER: return .pointerEntered(w)
        case SDL_WINDOWEVENT_LEAVE: return .pointerLeft(w)
        case SDL_WINDOWEVENT_EXPOSED: return .exposed(w)
        case SDL_WINDOWEVENT_SHOWN: return .shown(w)
        case SDL_WINDOWEVENT_SIZE_CHANGED:
            let out = w == .float ? floatWindow?.renderer.outputSize : main.renderer.outputSize
            return out.map { .resized(w, width: Int($0.width), height: Int($0.height)) }
        case SDL_WINDOWEVENT_CLOSE: return .closed(w)
        case SDL_WINDOWEVENT_MOVED where w == .main: return .mainWindowMoved(center: main.window.center)
        case SDL_WINDOWEVENT_MINIMIZED where w == .main: return .minimized
        case SDL_WINDOWEVENT_RESTORED where w == .main: return .restored
        case SDL_WINDOWEVENT_FOCUS_GAINED where w == .main: return .focused(minimized: main.window.isMinimized)
        case SDL_WINDOWEVENT_FOCUS_LOST where w == .main: return .focusLost
        default: return nil
        }
    }

    /// Which window an SDL window id is.
    private func kind(_ windowID: UInt32) -> WindowKind {
        windowID == floatWindow?.window.id ? .float : .main
    }

    /// A pointer position in the window's renderer pixels.
    private func position(_ windowID: UInt32, _ x: Int32, _ y: Int32) -> (Int, Int) {
        kind(windowID) == .main ? main.pixels(x, y) : (Int(x), Int(y))
    }

    private func seconds(_ timestamp: UInt32) -> Double { Double(timestamp) / 1000 }

    /// The global pointer position (XTEST-driven input included).
    func globalPointer() -> Point {
        let (x, y) = PointerState.global
        return Point(x: Double(x), y: Double(y))
    }

    /// Every display with its full and usable bounds (`_NET_WORKAREA` on X11).
    static func currentDisplays() -> [Display] {
        let out = VideoDisplays.all().map { Display(full: Rect($0.full), usable: Rect($0.usable)) }
        return out.isEmpty ? [Display(full: Rect(x: 0, y: 0, width: 1280, height: 720))] : out
    }

    /// The refresh rate of the display the float or main window is on (60 Hz when unknown).
    func readRefreshRate() -> Double {
        let window = floatWindow?.isVisible == true ? floatWindow!.window : main.window
        return VideoDisplays.refreshRate(window.displayIndex).map(Double.init) ?? 60
    }
}

extension Key {
    /// The key an SDL key code stands for, when the app acts on it.
    init?(_ sym: SDL_Keycode) {
        switch SDL_KeyCode(UInt32(bitPattern: sym)) {
        case SDLK_UP: self = .up
        case SDLK_DOWN: self = .down
        case SDLK_LEFT: self = .left
        case SDLK_RIGHT: self = .right
        case SDLK_PAGEUP: self = .pageUp
        case SDLK_PAGEDOWN: self = .pageDown
        case SDLK_HOME: self = .home
        case SDLK_END: self = .end
        case SDLK_RETURN, SDLK_KP_ENTER: self = .enter
        case SDLK_SPACE: self = .space
        case SDLK_TAB: self = .tab
        case SDLK_F6: self = .f6
        case SDLK_ESCAPE: self = .escape
        case SDLK_BACKSPACE: self = .backspace
        case SDLK_DELETE: self = .delete
        case SDLK_PLUS, SDLK_EQUALS, SDLK_KP_PLUS: self = .plus
        case SDLK_MINUS, SDLK_KP_MINUS: self = .minus
        default:
            let raw = UInt32(bitPattern: sym)
            guard raw >= SDLK_a.rawValue, raw <= SDLK_z.rawValue else { return nil }
            self = .letter(Character(UnicodeScalar(UInt8(raw))))
        }
    }
}

extension Rect {
    init(_ r: SDL_Rect) {
        self.init(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }
}

extension SDL_Rect {
    init(_ r: PixelRect) {
        self.init(x: Int32(r.x), y: Int32(r.y), w: Int32(r.w), h: Int32(r.h))
    }
}
