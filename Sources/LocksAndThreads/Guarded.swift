/// A value guarded by a ``Lock``: the one way state shared between threads is held. Threads
/// that wait for the value to change sleep on a ``WakeCondition`` made by ``makeCondition()``.
///
/// `@unchecked Sendable`: `value` is only reached with the lock held, inside ``withLock(_:)``
/// or between the waits of ``withLock(waitingOn:until:for:_:)``.
package final class Guarded<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A condition on this value's lock, for ``withLock(waitingOn:until:for:_:)``.
    package func makeCondition() -> WakeCondition {
        WakeCondition(lock: lock)
    }

    /// Waits on `condition` (made by ``makeCondition()``) until `ready` holds for the value,
    /// then runs `body` on it, all with the lock held except while asleep. Each sleep ends by
    /// the monotonic time `deadline` at the latest, and `ready` is asked again after every
    /// wake-up, spurious ones included: with a deadline, `ready` should say when it passed.
    package func withLock<R>(waitingOn condition: WakeCondition, until deadline: Double? = nil,
                             for ready: (Value) -> Bool, _ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        while !ready(value) { condition.wait(until: deadline) }
        return try body(&value)
    }
}
