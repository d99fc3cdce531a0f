import Foundation

/// Starts threads that `ps`, `top`, debuggers and the tests see by name.
///
/// Foundation on Linux keeps a name set on a `Thread` before `start()` in its own records only,
/// and one set from the new thread is lost when the thread runs before `start()` has recorded
/// it; so the name goes to the kernel's own record, the thread's `comm` file (what
/// `pthread_setname_np` writes), before the body runs. The kernel keeps 15 bytes of it, and
/// threads the body starts (FFmpeg's codec threads) inherit it.
package enum NamedThread {
    /// Runs `body` on a new thread named `name`.
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameCurrent(name)
            body()
        }
        thread.start()
    }

    /// Gives the calling thread the name `name` (its first 15 bytes).
    package static func nameCurrent(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
