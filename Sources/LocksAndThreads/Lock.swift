import Glibc

/// The one mutex kind: a pthread mutex, which ThreadSanitizer sees (unlike the futex-based
/// `Synchronization.Mutex`), so sanitizer runs report real races only. A source player
/// guards its shared state with one, with one ``WakeCondition`` per waiting thread so that a
/// change wakes only the thread that waits for it; ``Guarded`` wraps one around a value.
///
/// `@unchecked Sendable`: it owns a `pthread_mutex_t`, which is made for sharing between
/// threads; the pointer never changes after `init`.
package final class Lock: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }
}
