import CSDL

/// What a window asks of the desktop beyond its frame: its smallest and largest sizes, its
/// opacity and shape, the parts the compositor drags, and the X11 or Wayland window behind it.
extension Window {
    /// Sets the size, keeping the position.
    func resize(width: Int32, height: Int32) { SDL_SetWindowSize(handle, width, height) }

    /// The smallest size the user can give the window.
    func setMinimumSize(width: Int32, height: Int32) { SDL_SetWindowMinimumSize(handle, width, height) }

    /// The smallest size the user can give the window now.
    var minimumSize: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowMinimumSize(handle, &w, &h)
        return (w, h)
    }

    /// The largest size the user can give the window.
    func setMaximumSize(width: Int32, height: Int32) { SDL_SetWindowMaximumSize(handle, width, height) }

    /// The window's opacity, 0 to 1 (with a compositor).
    func setOpacity(_ opacity: Float) { SDL_SetWindowOpacity(handle, opacity) }

    /// Cuts a shaped window to the pixels of `surface` whose alpha reaches `alphaCutoff`.
    func setShape(_ surface: Surface, alphaCutoff: UInt8) throws(SDLError) {
        var mode = SDL_WindowShapeMode()
        mode.mode = ShapeModeBinarizeAlpha
        mode.parameters.binarizationCutoff = alphaCutoff
        // SDL_SetWindowShape returns a positive code too when the window cannot be shaped.
        if SDL_SetWindowShape(handle, surface.handle, &mode) != 0 { throw SDLError("SDL_SetWindowShape") }
    }

    /// Lets the compositor drag the window where `test` says so (Wayland); `data` travels to it.
    func setHitTest(_ test: SDL_HitTest, data: UnsafeMutableRawPointer?) {
        SDL_SetWindowHitTest(handle, test, data)
    }

    /// The size of the bare window SDL hands a hit test.
    nonisolated static func size(of window: OpaquePointer) -> (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (w, h)
    }

    /// The X display and window behind the window, when it runs on X11.
    var x11: (display: OpaquePointer, window: UInt)? {
        guard let info = systemInfo, info.subsystem == SDL_SYSWM_X11, let display = info.info.x11.display else { return nil }
        return (display, info.info.x11.window)
    }

    /// The Wayland display and surface behind the window, when it runs on Wayland.
    var wayland: (display: OpaquePointer, surface: OpaquePointer)? {
        guard let info = systemInfo, info.subsystem == SDL_SYSWM_WAYLAND,
              let display = info.info.wl.display, let surface = info.info.wl.surface else { return nil }
        return (display, surface)
    }

    /// What SDL knows of the window in its window system.
    private var systemInfo: SDL_SysWMinfo? {
        var info = SDL_SysWMinfo()
        info.version = floatapp_SDL_compiled_version()
        return SDL_GetWindowWMInfo(handle, &info) == SDL_TRUE ? info : nil
    }
}
