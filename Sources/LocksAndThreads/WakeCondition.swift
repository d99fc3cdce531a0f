import Glibc

/// A condition variable on a ``Lock``, timed on the monotonic clock (`CLOCK_MONOTONIC`, the
/// clock `MonotonicTime` reads).
///
/// `@unchecked Sendable`: it owns a `pthread_cond_t`, which is made for sharing between
/// threads; the pointers never change after `init`.
package final class WakeCondition: @unchecked Sendable {
    private let lock: Lock
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init(lock: Lock) {
        self.lock = lock
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Wakes one waiting thread (lock held). Cheap when nobody waits.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread (lock held).
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Takes the lock and wakes every waiting thread: for a waker that does not hold it.
    package func lockAndBroadcast() {
        lock.lock()
        broadcast()
        lock.unlock()
    }

    /// Sleeps (lock held) until signalled, or until the monotonic time `deadline` in seconds when
    /// one is given. Returns false when the deadline passed. Wake-ups may be spurious: callers
    /// re-check what they wait for.
    @discardableResult
    package func wait(until deadline: Double?) -> Bool {
        guard let deadline else {
            pthread_cond_wait(condition, lock.mutex)
            return true
        }
        let whole = deadline.rounded(.down)
        var spec = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
        return pthread_cond_timedwait(condition, lock.mutex, &spec) != ETIMEDOUT
    }
}
