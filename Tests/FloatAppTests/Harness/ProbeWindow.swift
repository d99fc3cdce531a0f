import CX11
import Foundation
import TestSupport

/// A plain X client window made in-process on its own connection: a stand-in for "another
/// application" on the test desktop, which records the input events it receives.
final class ProbeWindow {
    /// An input event the probe received.
    enum Event: Equatable {
        /// A button press at a root position, with the server timestamp in milliseconds.
        case buttonPress(button: UInt32, at: DesktopPoint, time: UInt)
        /// A button release at a root position, with the server timestamp in milliseconds.
        case buttonRelease(button: UInt32, at: DesktopPoint, time: UInt)
        /// A key press: keysym (unshifted level), and the modifier state mask.
        case keyPress(keysym: KeySym, state: UInt32)
        case keyRelease(keysym: KeySym, state: UInt32)
        /// Pointer motion at a root position, with the server timestamp in milliseconds.
        case motion(at: DesktopPoint, time: UInt)
    }

    /// The probe's own connection.
    let connection: XConnection
    /// The probe window.
    let window: Window
    /// Every event received so far, oldest first.
    private(set) var events: [Event] = []

    /// Creates and maps a window of `size` at `origin` filled with `color`.
    ///
    /// - Parameters:
    ///   - states: `_NET_WM_STATE` atoms requested at map time, e.g. "_NET_WM_STATE_ABOVE".
    ///   - motif: `_MOTIF_WM_HINTS` to set (e.g. no decorations), if any.
    ///   - cardinals: CARDINAL properties to set before mapping, e.g. a dock's `_NET_WM_STRUT`.
    init(
        on display: String, title: String, wmClass: (instance: String, className: String),
        origin: DesktopPoint, size: (width: Int, height: Int), color: RGB,
        states: [String] = [], windowType: String? = nil, role: String? = nil, motif: MotifHints? = nil,
        cardinals: [(name: String, values: [Int])] = []
    ) throws {
        guard let connection = XConnection(name: display) else {
            throw HarnessError("probe cannot connect to \(display)")
        }
        self.connection = connection
        let dpy = connection.display
        let pixel = UInt(color.red) << 16 | UInt(color.green) << 8 | UInt(color.blue)
        window = XCreateSimpleWindow(
            dpy, connection.root, Int32(origin.x), Int32(origin.y), UInt32(size.width), UInt32(size.height),
            0, 0, pixel)
        XSelectInput(
            dpy, window,
            ButtonPressMask | ButtonReleaseMask | KeyPressMask | KeyReleaseMask | PointerMotionMask)

        setText("WM_NAME", title, type: "STRING")
        setText("_NET_WM_NAME", title, type: "UTF8_STRING")
        setBytes("WM_CLASS", Array("\(wmClass.instance)\u{0}\(wmClass.className)\u{0}".utf8), type: "STRING")
        if let role {
            setText("WM_WINDOW_ROLE", role, type: "STRING")
        }
        if !states.isEmpty {
            setLongs("_NET_WM_STATE", states.map { CLong(bitPattern: connection.atom($0)) }, type: XA_ATOM)
        }
        if let windowType {
            setLongs("_NET_WM_WINDOW_TYPE", [CLong(bitPattern: connection.atom(windowType))], type: XA_ATOM)
        }
        if let motif {
            let hints = [motif.flags, motif.functions, motif.decorations, 0, 0].map { CLong(bitPattern: $0) }
            setLongs("_MOTIF_WM_HINTS", hints, type: connection.atom("_MOTIF_WM_HINTS"))
        }
        for property in cardinals {
            setLongs(property.name, property.values.map { CLong($0) }, type: XA_CARDINAL)
        }
        var sizeHints = XSizeHints()
        sizeHints.flags = USPosition | PPosition | USSize | PSize
        sizeHints.x = Int32(origin.x)
        sizeHints.y = Int32(origin.y)
        sizeHints.width = Int32(size.width)
        sizeHints.height = Int32(size.height)
        XSetWMNormalHints(dpy, window, &sizeHints)
        XMapRaised(dpy, window)
        connection.sync()
    }

    deinit {
        connection.close()
    }

    /// Reads every event the server has queued for the probe into `events`.
    func drainEvents() {
        let dpy = connection.display
        XSync(dpy, 0)
        while XPending(dpy) > 0 {
            var event = XEvent()
            XNextEvent(dpy, &event)
            switch event.type {
            case ButtonPress, ButtonRelease:
                let button = event.xbutton
                let point = DesktopPoint(x: Int(button.x_root), y: Int(button.y_root))
                events.append(
                    event.type == ButtonPress
                        ? .buttonPress(button: button.button, at: point, time: button.time)
                        : .buttonRelease(button: button.button, at: point, time: button.time))
            case KeyPress, KeyRelease:
                var key = event.xkey
                let keysym = XLookupKeysym(&key, 0)
                events.append(
                    event.type == KeyPress
                        ? .keyPress(keysym: keysym, state: key.state) : .keyRelease(keysym: keysym, state: key.state))
            case MotionNotify:
                let motion = event.xmotion
                events.append(.motion(at: DesktopPoint(x: Int(motion.x_root), y: Int(motion.y_root)), time: motion.time))
            default:
                break
            }
        }
    }

    /// Forgets the events received so far (after reading what is queued).
    func clearEvents() {
        drainEvents()
        events.removeAll()
    }

    /// Waits until an event satisfying `match` has arrived and returns it.
    @discardableResult
    func waitForEvent(
        _ description: String, timeout: TimeInterval = 5, where match: (Event) -> Bool
    ) throws -> Event {
        try eventuallyValue(
            "probe receives \(description) (got \(events.count) events: \(events.suffix(6)); \(describeState()))",
            timeout: timeout
        ) {
            drainEvents()
            return events.first(where: match)
        }
    }

    /// The probe's map state, root position, and the pointer position and window under it.
    func describeState() -> String {
        let dpy = connection.display
        var attributes = XWindowAttributes()
        let mapped = XGetWindowAttributes(dpy, window, &attributes) != 0 ? "map_state \(attributes.map_state)" : "gone"
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(dpy, window, connection.root, 0, 0, &x, &y, &child)
        var root: Window = 0
        var under: Window = 0
        var pointerX: Int32 = 0
        var pointerY: Int32 = 0
        var winX: Int32 = 0
        var winY: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(dpy, connection.root, &root, &under, &pointerX, &pointerY, &winX, &winY, &mask)
        return "probe 0x\(String(window, radix: 16)) \(mapped) \(attributes.width)x\(attributes.height)+\(x)+\(y),"
            + " pointer at (\(pointerX), \(pointerY)) over top-level 0x\(String(under, radix: 16)) buttons 0x\(String(mask, radix: 16))"
    }

    /// Asks the server to give the probe keyboard focus.
    func focus() {
        XSetInputFocus(connection.display, window, RevertToParent, 0)
        connection.sync()
    }

    /// Unmaps and destroys the probe window.
    func destroy() {
        XDestroyWindow(connection.display, window)
        connection.sync()
    }

    private func setText(_ name: String, _ text: String, type: String) {
        setBytes(name, Array(text.utf8), type: type)
    }

    private func setBytes(_ name: String, _ bytes: [UInt8], type: String) {
        XChangeProperty(
            connection.display, window, connection.atom(name), connection.atom(type), 8, PropModeReplace,
            bytes, Int32(bytes.count))
    }

    private func setLongs(_ name: String, _ values: [CLong], type: Atom) {
        _ = values.withUnsafeBytes { buffer in
            XChangeProperty(
                connection.display, window, connection.atom(name), type, 32, PropModeReplace,
                buffer.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
    }
}
