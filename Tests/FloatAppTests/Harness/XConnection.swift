import CX11
import Foundation

/// An Xlib connection to a test display, used from one thread, that survives X errors.
///
/// Xlib's default error handler exits the process on any protocol error (a window that
/// vanished between two requests is enough); this connection records them instead, so an
/// inspection of a destroyed window reads as "absent" rather than ending the test run.
final class XConnection {
    /// The raw Xlib display pointer; using it after `close()` is a programming error.
    var display: OpaquePointer {
        precondition(!isClosed, "X connection to \(name) used after it was closed")
        return handle
    }
    /// The root window of the default screen.
    let root: Window
    /// The display name, e.g. ":7".
    let name: String

    private let handle: OpaquePointer
    private var isClosed = false
    private var atomCache: [String: Atom] = [:]

    /// Opens a connection to `name`; nil if the server is not accepting connections.
    init?(name: String) {
        XConnection.installErrorHandler()
        guard let display = XOpenDisplay(name) else { return nil }
        self.handle = display
        self.name = name
        self.root = XDefaultRootWindow(display)
    }

    deinit {
        close()
    }

    /// Closes the connection; must happen before the server goes away, as Xlib exits the
    /// process when a connection it still uses breaks. Safe to call more than once.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        XCloseDisplay(handle)
    }

    /// The atom named `name`, created if needed.
    func atom(_ name: String) -> Atom {
        if let cached = atomCache[name] { return cached }
        let atom = XInternAtom(display, name, 0)
        atomCache[name] = atom
        return atom
    }

    /// The name of `atom`, or nil if it is not a valid atom.
    func atomName(_ atom: Atom) -> String? {
        guard atom != 0 else { return nil }
        return withCapturedErrors {
            guard let raw = XGetAtomName(display, atom) else { return nil }
            defer { XFree(raw) }
            return String(cString: raw)
        }.value
    }

    /// Sends everything queued and waits until the server has handled it.
    func sync() {
        XSync(display, 0)
    }

    /// Runs `body`, syncs, and reports whether the server answered any request with an error.
    func withCapturedErrors<Value>(_ body: () -> Value) -> (value: Value, failed: Bool) {
        XSync(display, 0)
        XConnection.errorCount = 0
        let value = body()
        XSync(display, 0)
        let failed = XConnection.errorCount > 0
        XConnection.errorCount = 0
        return (value, failed)
    }

    /// Errors seen since the last reset; the handler runs on the thread making Xlib calls.
    nonisolated(unsafe) private static var errorCount = 0

    private static func installErrorHandler() {
        XSetErrorHandler { _, _ in
            XConnection.errorCount += 1
            return 0
        }
    }
}
