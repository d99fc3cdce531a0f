extension FloatMotion {
    /// Re-settles the float at its anchor and width fraction on the display it belonged to
    /// (nearest to where it was when that display is gone). An empty list is ignored.
    mutating func displaysChanged(_ newDisplays: [Display]) -> [Effect] {
        guard !newDisplays.isEmpty else { return [] }
        let owner = newDisplays.owner(of: placement.anchor.ownerPoint(of: committedFrame))
        displays = newDisplays
        if isHeld { return [] }
        phase = .resting
        return setFrame(placement.frame(on: owner, aspect: videoAspect))
    }

    /// Resizes the float for a new aspect ratio at the same width fraction, keeping its corner.
    mutating func videoAspectChanged(_ aspect: Double) -> [Effect] {
        videoAspect = aspect
        let usable = currentDisplay.usable.size
        return apply(size: FloatSizing.size(widthFraction: placement.widthFraction, aspect: aspect, usable: usable))
    }

    /// Gives the window a new size, keeping the corner that faces its anchor fixed.
    mutating func apply(size: Size) -> [Effect] {
        switch phase {
        case .resting:
            let area = MovementArea(display: currentDisplay, windowSize: size)
            return setFrame(area.frame(for: placement.anchor))
        case .animating(var animation):
            let display = currentDisplay
            let corner = fixedCorner
            let origin = Point(
                x: corner.column == .left ? floatFrame.minX : floatFrame.maxX - size.width,
                y: corner.row == .top ? floatFrame.minY : floatFrame.maxY - size.height
            )
            let target = MovementArea(display: display, windowSize: size).origin(for: placement.anchor)
            animation.spring = Spring(
                from: origin, velocity: animation.spring.velocity, to: target,
                configuration: animation.spring.configuration)
            phase = animation.spring.isSettled ? .resting : .animating(animation)
            return setFrame(Rect(origin: animation.spring.position, size: size))
        case .held(var hold):
            let scale = hold.size.width > 0 ? size.width / hold.size.width : 1
            hold.grabOffset = hold.grabOffset * scale
            hold.size = size
            phase = .held(hold)
            if let target = hold.dismissTarget, target.isPulling {
                return setFrame(target.pulledFrame(for: size))
            }
            return setFrame(floatFrame.with(size: size))
        }
    }

    /// The window corner that stays put when the size changes: the anchor's corner, or for a
    /// stash the top corner on the visible side.
    private var fixedCorner: Corner {
        switch placement.anchor {
        case .corner(let corner): corner
        case .stashed(.left, _): .topRight
        case .stashed(.right, _): .topLeft
        }
    }
}
