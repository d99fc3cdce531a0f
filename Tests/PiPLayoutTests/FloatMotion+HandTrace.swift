import PiPLayout

extension FloatMotion {
    /// Sends every event of `trace` as the shell would; answers the effects of the last one
    /// (the release).
    mutating func play(_ trace: HandTrace) -> [Effect] {
        var effects: [Effect] = []
        for event in trace.events {
            let point = Point(x: event.x, y: event.y)
            switch event.kind {
            case .press: effects = send(.pointerPressed(point, time: event.time))
            case .move: effects = send(.pointerMoved(point, time: event.time))
            case .release: effects = send(.pointerReleased(point, time: event.time))
            }
        }
        return effects
    }
}
