import CSDL

/// Window-manager hints SDL does not expose: the class and role desktop rules
/// match PiP windows by (P2).
@MainActor
enum X11Hints {
    /// The X display and window behind an SDL window, when it runs on X11.
    private static func x11(_ window: Window) -> (OpaquePointer, UInt)? {
        var info = SDL_SysWMinfo()
        info.version = floatapp_SDL_compiled_version()
        guard SDL_GetWindowWMInfo(window.handle, &info) == SDL_TRUE,
              info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        return (display, info.info.x11.window)
    }


    /// Sets `WM_CLASS` (instance, class) and `WM_WINDOW_ROLE`. Call before the window is mapped
    /// and after its renderer exists: an OpenGL renderer makes SDL re-create the X window.
    static func setClass(_ window: Window, instance: String, className: String, role: String?) {
        guard let (display, xid) = x11(window) else { return }
        instance.withCString { inst in
            className.withCString { cls in
                var hint = XClassHint(
                    res_name: UnsafeMutablePointer(mutating: inst),
                    res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, xid, &hint)
            }
        }
        if let role {
            let atom = XInternAtom(display, "WM_WINDOW_ROLE", 0)
            let bytes = Array(role.utf8)
            bytes.withUnsafeBufferPointer { buf in
                _ = XChangeProperty(display, xid, atom, XA_STRING, 8, PropModeReplace,
                                    buf.baseAddress, Int32(buf.count))
            }
        }
        XFlush(display)
    }
}
