/// A value guarded by a ``Lock``: the one way state shared between threads is held.
///
/// `@unchecked Sendable`: `value` is only reached inside ``withLock(_:)``, with the mutex held.
package final class Guarded<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the mutex held.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
