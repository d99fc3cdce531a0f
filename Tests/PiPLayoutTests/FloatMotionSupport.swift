import PiPLayout

extension FloatMotion {
    /// Presses at `start`, moves at 60 Hz in a straight line to `end` over `duration` seconds,
    /// and releases there. Returns all effects and the release time.
    mutating func drag(from start: Point, to end: Point, at time: Double, duration: Double) -> (effects: [Effect], end: Double) {
        var effects = send(.pointerPressed(start, time: time))
        let frames = max(Int((duration * 60).rounded()), 1)
        for frame in 1...frames {
            let share = Double(frame) / Double(frames)
            let point = Point(x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share)
            effects += send(.pointerMoved(point, time: time + duration * share))
        }
        effects += send(.pointerReleased(end, time: time + duration))
        return (effects, time + duration)
    }

    /// Ticks at `rate` Hz from `time` until the float rests (at most `limit` seconds); returns
    /// the time of the last tick and the effects.
    mutating func tickUntilRest(from time: Double, rate: Double = 60, limit: Double = 5) -> (time: Double, effects: [Effect]) {
        var now = time
        var effects: [Effect] = []
        while isAnimating, now - time < limit {
            now += 1 / rate
            effects += send(.frameTicked(now: now))
        }
        return (now, effects)
    }
}

/// Movement-area origins for the float of `motion` on its display.
func corners(of motion: FloatMotion, on display: Display) -> [Corner: Point] {
    let area = MovementArea(display: display, windowSize: motion.frame.size)
    return Dictionary(uniqueKeysWithValues: Corner.allCases.map { ($0, area.origin(at: $0)) })
}
