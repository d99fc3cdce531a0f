import CSDL

/// Window-manager hints SDL does not expose: the class and role desktop rules
/// match PiP windows by (P2), and the workspaces a window shows on (P20).
@MainActor
enum X11Hints {
    /// The X display and window behind an SDL window, when it runs on X11.
    private static func x11(_ window: Window) -> (OpaquePointer, UInt)? {
        window.x11.map { ($0.display, $0.window) }
    }

    /// The X window behind an SDL window, when it runs on X11.
    static func windowID(_ window: Window) -> UInt? { x11(window)?.1 }

    /// Puts a window on every workspace: `_NET_WM_DESKTOP` 0xFFFFFFFF and `_NET_WM_STATE_STICKY`.
    /// An unmapped window gets the properties the window manager reads when it maps it; a mapped
    /// one asks the window manager by client messages (EWMH), as a managed window must.
    static func setOnAllWorkspaces(_ window: Window, mapped: Bool) {
        guard let (display, xid) = x11(window) else { return }
        let desktopAtom = XInternAtom(display, "_NET_WM_DESKTOP", 0)
        let stateAtom = XInternAtom(display, "_NET_WM_STATE", 0)
        let sticky = XInternAtom(display, "_NET_WM_STATE_STICKY", 0)
        let allDesktops = 0xFFFF_FFFF
        if mapped {
            sendClientMessage(display, xid, desktopAtom, [allDesktops, 1])
            sendClientMessage(display, xid, stateAtom, [1, Int(sticky), 0, 1])  // _NET_WM_STATE_ADD
        } else {
            var states = atoms(display, xid, stateAtom)
            if !states.contains(sticky) { states.append(sticky) }
            setCardinals(display, xid, desktopAtom, XA_CARDINAL, [allDesktops])
            setCardinals(display, xid, stateAtom, XA_ATOM, states.map { Int($0) })
        }
        XFlush(display)
    }

    /// Moves a window to the workspace shown now (`_NET_CURRENT_DESKTOP`), so raising it does not
    /// switch workspaces away from the float the user clicked.
    static func moveToCurrentWorkspace(_ window: Window) {
        guard let (display, xid) = x11(window) else { return }
        let root = XDefaultRootWindow(display)
        let desktopAtom = XInternAtom(display, "_NET_WM_DESKTOP", 0)
        guard let current = atoms(display, root, XInternAtom(display, "_NET_CURRENT_DESKTOP", 0)).first,
              atoms(display, xid, desktopAtom).first != current else { return }
        sendClientMessage(display, xid, desktopAtom, [Int(current), 1])
        XFlush(display)
    }

    /// Moves and sizes a window by asking the X server (and so the window manager) without
    /// waiting for the answer; `false` when the window is not on X11. SDL's own move waits up to
    /// 100 ms for the window manager to carry it out, and one that refuses (icewm keeps client
    /// windows on screen) would make each step of a drag wait that long.
    static func moveResize(_ window: Window, x: Int32, y: Int32, width: Int32, height: Int32) -> Bool {
        guard let (display, xid) = x11(window) else { return false }
        XMoveResizeWindow(display, xid, x, y, UInt32(max(1, width)), UInt32(max(1, height)))
        XFlush(display)
        return true
    }

    /// Asks the window manager to raise and focus a window for the user's input at X server time
    /// `userTime` (ms): the window's `_NET_WM_USER_TIME` becomes that time and an application's
    /// `_NET_ACTIVE_WINDOW` request carries it (EWMH). Window managers that prevent focus stealing
    /// compare that time with the user's latest input: SDL's raise sends the time of the last
    /// input on the window being raised, which mutter refuses for a main window restored by a
    /// click on the float (it marks the window as demanding attention instead). False when the
    /// window is not on X11 or no user time is known.
    static func activate(_ window: Window, userTime: UInt) -> Bool {
        guard userTime != 0, let (display, xid) = x11(window) else { return false }
        setCardinals(display, xid, XInternAtom(display, "_NET_WM_USER_TIME", 0), XA_CARDINAL, [Int(userTime)])
        XRaiseWindow(display, xid)
        sendClientMessage(display, xid, XInternAtom(display, "_NET_ACTIVE_WINDOW", 0), [1, Int(userTime), 0])
        XFlush(display)
        return true
    }

    /// Raises a window to the top of the stack (an override-redirect window needs no window manager).
    static func raise(_ window: Window) {
        guard let (display, xid) = x11(window) else { return }
        XRaiseWindow(display, xid)
        XFlush(display)
    }

    /// A 32-bit list property (atoms or cardinals); empty when unset.
    private static func atoms(_ display: OpaquePointer, _ xid: UInt, _ property: Atom) -> [Atom] {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, xid, property, 0, 64, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    private static func setCardinals(_ display: OpaquePointer, _ xid: UInt, _ property: Atom, _ type: Atom, _ values: [Int]) {
        values.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: UInt8.self) { bytes in
                _ = XChangeProperty(display, xid, property, type, 32, PropModeReplace, bytes.baseAddress, Int32(values.count))
            }
        }
    }

    /// An EWMH request to the window manager about a window: a client message to the root window.
    private static func sendClientMessage(_ display: OpaquePointer, _ xid: UInt, _ type: Atom, _ data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = xid
        event.xclient.message_type = type
        event.xclient.format = 32
        let l = data + Array(repeating: 0, count: max(0, 5 - data.count))
        event.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        XSendEvent(display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
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
