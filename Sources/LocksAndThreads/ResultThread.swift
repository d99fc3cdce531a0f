import Foundation

/// Runs a body once on a thread of its own and hands back what it returned: the one way work is
/// started on a thread for its result (a lookup that waits on another program, a font engine
/// loaded while the app starts, a decoding loop a caller joins).
///
/// ``result()`` waits until the body has returned, from any thread, any number of times; every
/// caller gets the one value the body returned. A value that must stay on one thread travels in
/// a ``ThreadConfined`` box.
///
/// ```swift
/// let lookup = ResultThread(name: "floatapp.microphone") { DefaultDevices.microphone() }
/// let microphone = lookup.result()
/// ```
package final class ResultThread<Value: Sendable>: Sendable {
    private let outcome = Guarded<Value?>(nil)
    private let returned: WakeCondition

    /// Starts a thread named `name` (the kernel keeps its first 15 bytes) that runs `body`.
    package init(name: String, _ body: @escaping @Sendable () -> Value) {
        returned = outcome.makeCondition()
        let outcome = self.outcome, returned = self.returned
        let thread = Thread {
            Self.nameCurrentThread(name)
            let value = body()
            outcome.withLock { stored in
                stored = value
                returned.broadcast()
            }
        }
        thread.start()
    }

    /// Gives the calling thread the name `ps` and debuggers show. Foundation on Linux keeps a
    /// name set before `start()` in its own records only, and one set from the new thread is
    /// lost when the thread runs before `start()` has recorded it; the kernel's own record is
    /// the thread's `comm` file (what `pthread_setname_np` writes), which takes 15 bytes.
    private static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// What the body returned, once it has: waits until then.
    package func result() -> Value {
        outcome.withLock(waitingOn: returned, for: { $0 != nil }) { $0! }
    }
}
