extension FloatMotion {
    mutating func frameTicked(now: Double) -> [Effect] {
        guard case .animating(var animation) = phase else { return [] }
        if placesAtOnce {
            phase = .resting
            return setFrame(floatFrame.with(origin: animation.spring.target))
        }
        if let clock = animation.clock, now > clock {
            animation.spring.advance(by: now - clock)
        }
        animation.clock = max(now, animation.clock ?? now)
        phase = animation.spring.isSettled ? .resting : .animating(animation)
        return setFrame(floatFrame.with(origin: animation.spring.position))
    }

    /// Heads for `target`: records the new placement (its anchor, and `widthFraction` when
    /// given) and starts a spring from the current origin (or lands at once when already there).
    mutating func move(
        to target: SnapTarget, widthFraction: Double? = nil, velocity: Vector,
        configuration: SpringConfiguration, clock: Double?
    ) -> [Effect] {
        var effects: [Effect] = [.snapTargetChosen(target)]
        let updated = Placement(anchor: target.anchor, widthFraction: widthFraction ?? placement.widthFraction)
        if updated != placement {
            placement = updated
            effects.append(.placementChanged(placement))
        }
        let spring = Spring(from: floatFrame.origin, velocity: velocity, to: target.origin, configuration: configuration)
        if spring.isSettled || placesAtOnce {
            phase = .resting
            effects += setFrame(target.frame)
        } else {
            phase = .animating(Animation(spring: spring, clock: clock))
            effects += setFrame(floatFrame.with(size: target.frame.size))
        }
        return effects
    }
}
