extension FloatMotion {
    mutating func pointerPressed(_ point: Point, time: Double) -> [Effect] {
        var effects: [Effect] = []
        var caught: Spring?
        let returnFrame = committedFrame
        if case .animating(var animation) = phase {
            if let clock = animation.clock, time > clock {
                animation.spring.advance(by: time - clock)
            }
            effects += setFrame(floatFrame.with(origin: animation.spring.position))
            caught = animation.spring
        }
        gestures.press(at: point, time: time)
        phase = .held(Hold(
            grabOffset: point - floatFrame.origin, caught: caught, pressPoint: point, pointer: point, size: floatFrame.size,
            returnFrame: returnFrame))
        return effects
    }

    /// Records the move and follows the pointer 1:1 once past the slop.
    mutating func pointerMoved(_ point: Point, time: Double) -> [Effect] {
        guard case .held = phase, gestures.move(to: point, time: time) == .dragging else { return [] }
        return follow(point, time: time)
    }

    /// Follows a polled pointer during a drag, without a velocity sample.
    mutating func pointerPolled(_ point: Point, now: Double) -> [Effect] {
        guard isDragging else { return [] }
        return follow(point, time: now)
    }

    /// A drag held still: the dismiss target shows once the drag has gone on long enough.
    mutating func heldTicked(now: Double) -> [Effect] {
        guard isDragging, case .held(let hold) = phase, hold.dismissTarget == nil else { return [] }
        return follow(hold.pointer, time: now)
    }

    /// Puts the float under the pointer at `point`, or pulled onto the dismiss target, which
    /// shows once the drag went on long or far enough.
    private mutating func follow(_ point: Point, time: Double) -> [Effect] {
        guard case .held(var hold) = phase else { return [] }
        let dragStart = hold.dragStart ?? time
        hold.dragStart = dragStart
        hold.pointer = point
        let follow = Rect(origin: point - hold.grabOffset, size: hold.size)
        var targetEffects: [Effect] = []
        if hold.dismissTarget != nil
            || DismissTarget.shows(afterDragOf: time - dragStart, distance: point.distance(to: hold.pressPoint)) {
            var target = DismissTarget(on: displays.owner(of: point))
            target.isPulling = target.pulls(floatCenter: follow.center)
            if hold.dismissTarget == nil {
                targetEffects = [.dismissTargetShown(target)]
            } else if hold.dismissTarget != target {
                targetEffects = [.dismissTargetChanged(target)]
            }
            hold.dismissTarget = target
        }
        phase = .held(hold)
        let frame = hold.dismissTarget.flatMap { $0.isPulling ? $0.pulledFrame(for: hold.size) : nil } ?? follow
        return setFrame(frame) + targetEffects
    }

    mutating func pointerReleased(_ point: Point, time: Double) -> [Effect] {
        guard case .held(let hold) = phase, let release = gestures.release(at: point, time: time) else { return [] }
        switch release {
        case .drag(let velocity):
            let hidden: [Effect] = hold.dismissTarget == nil ? [] : [.dismissTargetHidden]
            if hold.dismissTarget?.isPulling == true, DismissTarget.dismisses(releaseVelocity: velocity) {
                phase = .resting
                return hidden + [.dismissed]
            }
            return hidden + settle(Rect(origin: point - hold.grabOffset, size: hold.size), velocity: velocity, time: time)
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

    /// Sends a float released at `dragged` with `velocity` to its corner or stash.
    private mutating func settle(_ dragged: Rect, velocity: Vector, time: Double) -> [Effect] {
        // Keep the pixel size across displays, within the limits of the display released on
        // (shrinking around the centre, so the float stays on that display).
        // A float carried to another display keeps its size within that display's limits too,
        // and its width fraction is the one there.
        let display = displays.owner(of: dragged.center)
        let size = FloatSizing.size(width: dragged.width, aspect: videoAspect, usable: display.usable.size)
        let released = size == dragged.size ? dragged : Rect(
            origin: Point(x: dragged.midX - size.width / 2, y: dragged.midY - size.height / 2), size: size)
        var effects = setFrame(released)
        var target = SnapTarget.release(frame: released, velocity: velocity, on: display, displays: displays)
        let landing = displays.owner(of: target.anchor.ownerPoint(of: target.frame))
        let landed = FloatSizing.size(width: size.width, aspect: videoAspect, usable: landing.usable.size)
        if landed != size {
            target = SnapTarget(
                anchor: target.anchor, frame: MovementArea(display: landing, windowSize: landed).frame(for: target.anchor))
        }
        let fraction = widthFraction(of: landed.width, usable: landing.usable.size)
        let configuration: SpringConfiguration = if case .stashed = target.anchor { .stash } else { .snap }
        effects += move(to: target, widthFraction: fraction, velocity: velocity, configuration: configuration, clock: time)
        return effects
    }

    /// Esc during a drag: the float springs back to where it rested or was headed at the press,
    /// and the rest of the press (moves, release) is ignored.
    mutating func cancelDrag() -> [Effect] {
        guard case .held(let hold) = phase, gestures.phase == .dragging else { return [] }
        gestures.cancel()
        phase = .resting
        let hidden: [Effect] = hold.dismissTarget == nil ? [] : [.dismissTargetHidden]
        let target = SnapTarget(anchor: placement.anchor, frame: hold.returnFrame)
        return hidden + move(to: target, velocity: .zero, configuration: .resettle, clock: nil)
    }
}
