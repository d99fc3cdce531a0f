extension FloatMotion {
    /// Scales the float by `steps` 10% steps keeping its anchored corner; ignored while held.
    mutating func resize(steps: Int) -> [Effect] {
        guard steps != 0, !isHeld else { return [] }
        let usable = currentDisplay.usable.size
        let size = FloatSizing.resized(floatFrame.size, steps: steps, aspect: videoAspect, usable: usable)
        var effects = apply(size: size)
        let fraction = widthFraction(of: size.width, usable: usable)
        if fraction != placement.widthFraction {
            placement.widthFraction = fraction
            effects.append(.placementChanged(placement))
        }
        return effects
    }

    /// Moves the float to the adjacent corner (a stashed float leaves its stash); ignored while held.
    mutating func arrowKeyPressed(_ direction: Direction) -> [Effect] {
        guard !isHeld else { return [] }
        let anchor = Anchor.corner(placement.anchor.nearestCorner.moved(direction))
        if anchor == placement.anchor, !isAnimating { return [] }
        let area = MovementArea(display: currentDisplay, windowSize: floatFrame.size)
        let target = SnapTarget(anchor: anchor, frame: area.frame(for: anchor))
        if case .animating(let animation) = phase {
            return move(to: target, velocity: animation.spring.velocity, configuration: .resettle, clock: animation.clock)
        }
        return move(to: target, velocity: .zero, configuration: .resettle, clock: nil)
    }

    /// The width fraction of a float `width` wide; the stored one when it already gives that width,
    /// so rounding alone never reports a new placement.
    func widthFraction(of width: Double, usable: Size) -> Double {
        guard usable.width > 0 else { return placement.widthFraction }
        let fraction = width / usable.width
        return abs(fraction - placement.widthFraction) < 1e-12 ? placement.widthFraction : fraction
    }

    var isHeld: Bool {
        if case .held = phase { return true }
        return false
    }
}
