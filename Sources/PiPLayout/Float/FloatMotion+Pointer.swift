extension FloatMotion {
    mutating func pointerPressed(_ point: Point, time: Double) -> [Effect] {
        var effects: [Effect] = []
        var caught: Spring?
        if case .animating(var animation) = phase {
            if let clock = animation.clock, time > clock {
                animation.spring.advance(by: time - clock)
            }
            effects += setFrame(floatFrame.with(origin: animation.spring.position))
            caught = animation.spring
        }
        gestures.press(at: point, time: time)
        phase = .held(Hold(grabOffset: point - floatFrame.origin, caught: caught))
        return effects
    }

    mutating func pointerMoved(_ point: Point, time: Double) -> [Effect] {
        guard case .held(let hold) = phase else { return [] }
        guard gestures.move(to: point, time: time) == .dragging else { return [] }
        return setFrame(floatFrame.with(origin: point - hold.grabOffset))
    }

    mutating func pointerReleased(_ point: Point, time: Double) -> [Effect] {
        guard case .held(let hold) = phase, let release = gestures.release(at: point, time: time) else { return [] }
        switch release {
        case .drag(let velocity):
            // Keep the pixel size across displays, within the limits of the display released on
            // (shrinking around the centre, so the float stays on that display).
            let dragged = floatFrame.with(origin: point - hold.grabOffset)
            let display = displays.owner(of: dragged.center)
            let size = FloatSizing.size(width: dragged.width, aspect: videoAspect, usable: display.usable.size)
            let fraction = widthFraction(of: size.width, usable: display.usable.size)
            let released = size == dragged.size ? dragged : Rect(
                origin: Point(x: dragged.midX - size.width / 2, y: dragged.midY - size.height / 2), size: size)
            var effects = setFrame(released)
            let target = SnapTarget.release(frame: released, velocity: velocity, on: display, displays: displays)
            let configuration: SpringConfiguration = if case .stashed = target.anchor { .stash } else { .snap }
            effects += move(
                to: target, widthFraction: fraction, velocity: velocity, configuration: configuration, clock: time)
            return effects
        case .tap:
            if case .stashed(let side, _) = placement.anchor {
                let target = SnapTarget.unstash(frame: floatFrame, side: side, displays: displays)
                return move(to: target, velocity: .zero, configuration: .unstash, clock: time)
            }
            if let caught = hold.caught {
                let spring = Spring(from: floatFrame.origin, velocity: .zero, to: caught.target, configuration: caught.configuration)
                phase = .animating(Animation(spring: spring, clock: time))
            } else {
                phase = .resting
            }
            return [.tapped]
        }
    }
}
