import Foundation

/// What a connection or handle reported, collected from its callback queue for the test to await.
final class EventLog<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Event] = []

    func append(_ event: Event) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [Event] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    func first<T>(_ match: (Event) -> T?) -> T? {
        all.lazy.compactMap(match).first
    }
}
