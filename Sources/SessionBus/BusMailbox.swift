import LocksAndThreads

/// What a service's main thread and its bus thread hand each other, behind one lock: the
/// newest value to publish on the bus (a player's state, an accessible tree), kept until the
/// bus thread takes it, and the requests callers made on the bus, kept in order until the main
/// thread takes them.
public final class BusMailbox<Published: Sendable, Request: Sendable>: Sendable {
    private struct Contents {
        var published: Published?
        var requests: [Request] = []
    }

    private let contents = Guarded(Contents())

    /// Creates an empty mailbox.
    public init() {}

    /// Main thread: publish `value` soon (then wake the bus thread); replaces one not yet taken.
    public func post(_ value: Published) {
        contents.withLock { $0.published = value }
    }

    /// Bus thread: the value to publish, if a new one came.
    public func takePublished() -> Published? {
        contents.withLock { contents in
            defer { contents.published = nil }
            return contents.published
        }
    }

    /// Bus thread: a caller asked for something.
    public func add(_ request: Request) {
        contents.withLock { $0.requests.append(request) }
    }

    /// Main thread: what was asked since the last call, oldest first.
    public func takeRequests() -> [Request] {
        contents.withLock { contents in
            defer { contents.requests = [] }
            return contents.requests
        }
    }
}
