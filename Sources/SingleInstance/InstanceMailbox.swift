import LocksAndThreads

/// The requests the bus thread received, and how it wakes the main loop, behind one lock.
final class InstanceMailbox: Sendable {
    private struct Contents {
        var requests: [InstanceRequest] = []
        var wake: (@Sendable () -> Void)?
    }

    private let contents = Guarded(Contents())

    /// Main thread: how to wake the main loop from now on; wakes it at once when requests wait.
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        let waiting = contents.withLock { contents in
            contents.wake = wake
            return !contents.requests.isEmpty
        }
        if waiting { wake() }
    }

    /// Bus thread: a request arrived; the main loop is woken, once it can be.
    func add(_ request: InstanceRequest) {
        let wake = contents.withLock { contents in
            contents.requests.append(request)
            return contents.wake
        }
        wake?()
    }

    /// Main thread: the requests received since the last call, oldest first.
    func takeRequests() -> [InstanceRequest] {
        contents.withLock { contents in
            defer { contents.requests = [] }
            return contents.requests
        }
    }
}
