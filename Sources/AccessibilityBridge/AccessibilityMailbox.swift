import LocksAndThreads

/// What the main thread and the bus thread hand each other, behind one lock: the newest
/// snapshot to publish and what assistive technologies asked of the app.
final class AccessibilityMailbox: Sendable {
    private struct Contents {
        var snapshot: AccessibleSnapshot?
        var requests: [AccessibleRequest] = []
    }

    private let contents = Guarded(Contents())

    /// Main thread: publish `snapshot` soon (then wake the bus thread).
    func post(_ snapshot: AccessibleSnapshot) {
        contents.withLock { $0.snapshot = snapshot }
    }

    /// Bus thread: the snapshot to publish, if a new one came.
    func takeSnapshot() -> AccessibleSnapshot? {
        contents.withLock { contents in
            defer { contents.snapshot = nil }
            return contents.snapshot
        }
    }

    /// Bus thread: something was asked.
    func add(_ request: AccessibleRequest) {
        contents.withLock { $0.requests.append(request) }
    }

    /// Main thread: what was asked since the last call, oldest first.
    func takeRequests() -> [AccessibleRequest] {
        contents.withLock { contents in
            defer { contents.requests = [] }
            return contents.requests
        }
    }
}
