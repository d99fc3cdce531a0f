/// A value guarded by a pthread mutex: the small shared state of the ``AudioMixer`` and the
/// ``ManualClock``. A pthread mutex rather than `Synchronization.Mutex`, whose futex-based lock
/// ThreadSanitizer cannot see, so sanitizer runs report real races only.
///
/// `@unchecked Sendable`: `value` is only reached inside ``withLock(_:)``, with the mutex held.
package final class Guarded<Value>: @unchecked Sendable {
    private let lock = SessionLock()
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
