/// A lifecycle or layout event as observers receive it.
public enum PiPEvent: Hashable, Sendable, CustomStringConvertible {
    case lifecycle(PiPLifecycleEvent)
    case layout(PiPLayoutEvent)

    /// The event named for logs, e.g. `willStart` or `callLayoutChanged(tile)`.
    public var description: String {
        switch self {
        case .lifecycle(let event): event.description
        case .layout(let event): event.description
        }
    }
}

extension SessionEffect {
    /// The observer event this effect carries, if it is a lifecycle or layout effect.
    public var pipEvent: PiPEvent? {
        switch self {
        case .lifecycle(let event): .lifecycle(event)
        case .layout(let event): .layout(event)
        default: nil
        }
    }
}

/// Identifies one subscription, to end it with ``PiPEvents/unsubscribe(_:)``.
public struct PiPObserverToken: Hashable, Sendable {
    fileprivate let serial: Int
}

/// Delivers PiP lifecycle and layout events to subscribed observers (M3, M4).
///
/// Observers are called in the order they subscribed. An observer removed while
/// an event is being delivered is not called again, not even for that event; one
/// added meanwhile receives events from the next one.
/// Use from one thread (the main thread in the app).
public final class PiPEvents {
    private var observers: [(token: PiPObserverToken, observer: (PiPEvent) -> Void)] = []
    private var nextSerial = 0

    /// Creates a hub with no observers.
    public init() {}

    /// The number of current subscriptions.
    public var observerCount: Int { observers.count }

    /// Adds an observer; keep the token to unsubscribe.
    @discardableResult
    public func subscribe(_ observer: @escaping (PiPEvent) -> Void) -> PiPObserverToken {
        let token = PiPObserverToken(serial: nextSerial)
        nextSerial += 1
        observers.append((token, observer))
        return token
    }

    /// Removes an observer; unknown or already removed tokens are ignored.
    public func unsubscribe(_ token: PiPObserverToken) {
        observers.removeAll { $0.token == token }
    }

    /// Delivers one event to every observer.
    public func publish(_ event: PiPEvent) {
        let current = observers
        for entry in current where observers.contains(where: { $0.token == entry.token }) {
            entry.observer(event)
        }
    }

    /// Delivers the lifecycle and layout events among a reduction's effects, in order.
    public func publish(effects: [SessionEffect]) {
        for event in effects.compactMap(\.pipEvent) { publish(event) }
    }
}
