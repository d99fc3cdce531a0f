import CSoup
import Foundation

/// libsoup 3's functions, loaded once; nil where the library is not installed.
struct SoupLibrary: @unchecked Sendable {
    let functions: FloatAppSoup

    static let shared: SoupLibrary? = {
        var functions = FloatAppSoup()
        return floatapp_soup_load(&functions) != 0 ? SoupLibrary(functions: functions) : nil
    }()
}

/// A GLib main context iterated on a thread of its own, where every WebSocket's libsoup objects
/// live: libsoup's async calls and signals run on the thread whose context was the thread
/// default when its session was made.
final class SoupLoop: @unchecked Sendable {
    static let shared = SoupLoop()
    private let context: OpaquePointer

    private init() {
        let context = g_main_context_new()!
        self.context = context
        let loop = SoupObject(g_main_loop_new(context, 0))
        let owner = SoupObject(context)
        let thread = Thread {
            g_main_context_push_thread_default(owner.pointer)
            g_main_loop_run(loop.pointer)
        }
        thread.name = "floatapp.janus.websocket"
        thread.start()
    }

    /// Runs `work` on the loop's thread (at once when called there).
    func run(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_main_context_invoke(context, { data in
            Unmanaged<Work>.fromOpaque(data!).takeRetainedValue().body()
            return 0
        }, box)
    }

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// A pointer to a GLib or libsoup object, carried to the loop's thread, the only one that uses it.
struct SoupObject: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// The pointer as GObject's functions take it.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
}
