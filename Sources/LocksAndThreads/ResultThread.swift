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
        NamedThread.start(name) {
            let value = body()
            outcome.withLock { stored in
                stored = value
                returned.broadcast()
            }
        }
    }

    /// What the body returned, once it has: waits until then.
    package func result() -> Value {
        outcome.withLock(waitingOn: returned, for: { $0 != nil }) { $0! }
    }
}
