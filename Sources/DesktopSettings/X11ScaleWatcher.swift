internal import CX11
import Foundation

/// Reads the desktop's scale from the X server and reports when it changes, without polling.
///
/// It opens its own connection to the display and selects `PropertyNotify` on the root
/// window; a thread blocks in `poll` on that connection and a stop pipe, and re-reads
/// `RESOURCE_MANAGER` only when the property changes (as `xrdb` or a settings daemon does
/// when the user changes the scale).
///
/// `@unchecked Sendable`: the watcher thread holds only its ``Watch`` and the `finished`
/// semaphore, never the watcher; `isStopped` is read and written by the owning thread alone
/// (`stop` and deinit).
public final class X11ScaleWatcher: @unchecked Sendable {
    /// The scale when the watcher started.
    public let initial: DesktopScale

    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private var isStopped = false

    private init(initial: DesktopScale, stopPipe: (read: Int32, write: Int32)) {
        self.initial = initial
        self.stopPipe = stopPipe
    }

    /// Connects to `display` (nil: `$DISPLAY`), reads the scale and starts watching.
    ///
    /// - Parameters:
    ///   - environment: where `FLOATAPP_SCALE` and `GDK_SCALE` are looked up.
    ///   - onChange: called on the watcher's thread with each new scale that differs from the
    ///     last one; must be thread-safe (e.g. `SDL_PushEvent`).
    /// - Returns: nil when the display cannot be opened (not on X11).
    public static func start(
        display: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        onChange: @escaping @Sendable (DesktopScale) -> Void
    ) -> X11ScaleWatcher? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        guard let connection = XOpenDisplay(display) else {
            fds.forEach { close($0) }
            return nil
        }
        let watch = Watch(connection: connection, environment: environment, stopFD: fds[0], onChange: onChange)
        let watcher = X11ScaleWatcher(initial: watch.last, stopPipe: (fds[0], fds[1]))
        let finished = watcher.finished
        let thread = Thread {
            watch.run()
            finished.signal()
        }
        thread.name = "floatapp-scale"
        thread.start()
        return watcher
    }

    deinit {
        stop()
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Ends the watcher's thread and closes its X connection; waits for it. Call it before
    /// the X server goes away: Xlib ends the process when a connection it uses breaks.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        finished.wait()
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

    /// The watcher thread's state.
    ///
    /// `@unchecked Sendable`: Xlib connections are not thread-safe; after `start` hands it to
    /// the watcher thread, only that thread touches the connection and `last`.
    private final class Watch: @unchecked Sendable {
        let connection: OpaquePointer
        let root: UInt
        let property: UInt
        let environment: [String: String]
        var last: DesktopScale
        let stopFD: Int32
        let onChange: @Sendable (DesktopScale) -> Void

        /// Selects property changes on the root window of `connection` and reads the scale.
        init(connection: OpaquePointer, environment: [String: String], stopFD: Int32,
             onChange: @escaping @Sendable (DesktopScale) -> Void) {
            (self.connection, self.environment, self.stopFD, self.onChange) = (connection, environment, stopFD, onChange)
            root = XDefaultRootWindow(connection)
            property = XInternAtom(connection, "RESOURCE_MANAGER", 0)
            XSelectInput(connection, root, PropertyChangeMask)
            last = DesktopScale(resources: resources(connection, root, property), environment: environment)
        }

        func run() {
            defer { XCloseDisplay(connection) }
            var fds = [pollfd(fd: XConnectionNumber(connection), events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
            while true {
                if resourcesChanged() {
                    let scale = DesktopScale(resources: resources(connection, root, property), environment: environment)
                    if scale != last {
                        last = scale
                        onChange(scale)
                    }
                }
                fds[0].revents = 0
                fds[1].revents = 0
                if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
                if fds[1].revents != 0 { return }
            }
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
