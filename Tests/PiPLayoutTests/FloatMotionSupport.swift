import PiPLayout

extension FloatMotion {
    /// Presses at `start`, moves at 60 Hz in a straight line to `end` over `duration` seconds,
    /// and releases there `rest` seconds later. Returns all effects and the release time.
    mutating func drag(
        from start: Point, to end: Point, at time: Double, duration: Double, rest: Double = 0
    ) -> (effects: [Effect], end: Double) {
        var effects = send(.pointerPressed(start, time: time))
        let frames = max(Int((duration * 60).rounded()), 1)
        for frame in 1...frames {
            let share = Double(frame) / Double(frames)
            let point = Point(x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share)
            effects += send(.pointerMoved(point, time: time + duration * share))
        }
        effects += send(.pointerReleased(end, time: time + duration + rest))
        return (effects, time + duration + rest)
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
