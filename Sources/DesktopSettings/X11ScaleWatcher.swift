internal import CX11
import Foundation
import LocksAndThreads

/// Reads the desktop's scale from the X server and reports when it changes, without polling.
///
/// It opens its own connection to the display and selects `PropertyNotify` on the root
/// window; a ``PollThread`` blocks in `poll` on that connection, and re-reads
/// `RESOURCE_MANAGER` only when the property changes (as `xrdb` or a settings daemon does
/// when the user changes the scale).
public final class X11ScaleWatcher: Sendable {
    /// The scale when the watcher started.
    public let initial: DesktopScale

    private let thread: PollThread

    private init(initial: DesktopScale, thread: PollThread) {
        self.initial = initial
        self.thread = thread
    }

    /// Connects to `display` (nil: `$DISPLAY`), reads the scale and starts watching.
    ///
    /// - Parameters:
    ///   - environment: where `FLOATAPP_SCALE` and `GDK_SCALE` are looked up.
    ///   - onChange: called on the watcher's thread with each new scale that differs from the
    ///     last one; must be thread-safe (e.g. `SDL_PushEvent`).
    /// - Throws: ``ScaleWatchError`` when the display cannot be opened (not on X11) or the
    ///   thread cannot start.
    public static func start(
        display: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        onChange: @escaping @Sendable (DesktopScale) -> Void
    ) throws(ScaleWatchError) -> X11ScaleWatcher {
        guard let connection = XOpenDisplay(display) else { throw .noDisplay(display) }
        let watch = Watch(connection: connection, environment: environment, onChange: onChange)
        let initial = watch.last, socket = XConnectionNumber(connection)
        do {
            let thread = try PollThread(name: "floatapp-scale", work: watch, watching: [socket]) { watch, _ in
                watch.turn()
            }
            return X11ScaleWatcher(initial: initial, thread: thread)
        } catch {
            throw .noThread(error.reason)
        }
    }

    /// Ends the watcher's thread and closes its X connection; waits for it. Call it before
    /// the X server goes away: Xlib ends the process when a connection it uses breaks.
    public func stop() {
        thread.stop()
    }

    /// The text of the root window's `RESOURCE_MANAGER` property, if it has one.
    static func resources(_ connection: OpaquePointer, _ root: UInt, _ property: UInt) -> String? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(connection, root, property, 0, 1 << 22, 0, UInt(XA_STRING),
                                        &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == 8, let data else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// The watcher thread's state: the Xlib connection (not thread-safe), confined to the
    /// watcher's thread from its start, and closed there when the thread ends.
    private final class Watch {
        let connection: OpaquePointer
        let root: UInt
        let property: UInt
        let environment: [String: String]
        var last: DesktopScale
        let onChange: @Sendable (DesktopScale) -> Void

        /// Selects property changes on the root window of `connection` and reads the scale.
        init(connection: OpaquePointer, environment: [String: String],
             onChange: @escaping @Sendable (DesktopScale) -> Void) {
            (self.connection, self.environment, self.onChange) = (connection, environment, onChange)
            root = XDefaultRootWindow(connection)
            property = XInternAtom(connection, "RESOURCE_MANAGER", 0)
            XSelectInput(connection, root, PropertyChangeMask)
            last = DesktopScale(resources: resources(connection, root, property), environment: environment)
        }

        deinit { XCloseDisplay(connection) }

        /// Reports a changed scale, if the queued events say the resources changed.
        func turn() -> Bool {
            if resourcesChanged() {
                let scale = DesktopScale(resources: resources(connection, root, property), environment: environment)
                if scale != last {
                    last = scale
                    onChange(scale)
                }
            }
            return true
        }

        /// Reads every queued event; true if one says `RESOURCE_MANAGER` changed.
        private func resourcesChanged() -> Bool {
            var changed = false
            var event = XEvent()
            while XPending(connection) > 0 {
                XNextEvent(connection, &event)
                if event.type == PropertyNotify && event.xproperty.atom == property { changed = true }
            }
            return changed
        }
    }
}
