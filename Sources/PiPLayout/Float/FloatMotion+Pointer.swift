extension FloatMotion {
    mutating func pointerPressed(_ point: Point, time: Double) -> [Effect] {
        var effects: [Effect] = []
        var caught: Spring?
        if case .animating(var animation) = phase {
            if let clock = animation.clock, time > clock {
                animation.spring.advance(by: time - clock)
            }
            effects += setFrame(frame.with(origin: animation.spring.position))
            caught = animation.spring
        }
        gestures.press(at: point, time: time)
        phase = .held(Hold(grabOffset: point - frame.origin, caught: caught))
        return effects
    }

    mutating func pointerMoved(_ point: Point, time: Double) -> [Effect] {
        guard case .held(let hold) = phase else { return [] }
        guard gestures.move(to: point, time: time) == .dragging else { return [] }
        return setFrame(frame.with(origin: point - hold.grabOffset))
    }

    mutating func pointerReleased(_ point: Point, time: Double) -> [Effect] {
        guard case .held(let hold) = phase, let release = gestures.release(at: point, time: time) else { return [] }
        switch release {
        case .drag(let velocity):
            var effects = setFrame(frame.with(origin: point - hold.grabOffset))
            // Keep the pixel size across displays, within the limits of the display released on.
            let usable = displays.owner(of: frame.center).usable.size
            let size = FloatSizing.size(width: frame.width, aspect: videoAspect, usable: usable)
            let fraction = widthFraction(of: size.width, usable: usable)
            let target = SnapTarget.release(frame: frame.with(size: size), velocity: velocity, displays: displays)
            let configuration: SpringConfiguration = if case .stashed = target.anchor { .stash } else { .snap }
            effects += move(
                to: target, widthFraction: fraction, velocity: velocity, configuration: configuration, clock: time)
            return effects
        case .tap:
            if case .stashed(let side, _) = placement.anchor {
                let target = SnapTarget.unstash(frame: frame, side: side, displays: displays)
                return move(to: target, velocity: .zero, configuration: .unstash, clock: time)
            }
            if let caught = hold.caught {
                let spring = Spring(from: frame.origin, velocity: .zero, to: caught.target, configuration: caught.configuration)
                phase = .animating(Animation(spring: spring, clock: time))
            } else {
                phase = .resting
            }
            return [.tapped]
        }
    }
}
