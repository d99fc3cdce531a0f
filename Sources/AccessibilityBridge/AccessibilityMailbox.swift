import LocksAndThreads

/// What the main thread and the bus thread hand each other, behind one lock: the newest
/// snapshot to publish and the ids of the objects clicked.
final class AccessibilityMailbox: Sendable {
    private struct Contents {
        var snapshot: AccessibleSnapshot?
        var clicks: [String] = []
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

    /// Bus thread: an object was clicked.
    func add(click id: String) {
        contents.withLock { $0.clicks.append(id) }
    }

    /// Main thread: the ids clicked since the last call, oldest first.
    func takeClicks() -> [String] {
        contents.withLock { contents in
            defer { contents.clicks = [] }
            return contents.clicks
        }
    }
}
