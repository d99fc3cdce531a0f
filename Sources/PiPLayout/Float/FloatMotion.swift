/// The float window's motion as a state machine: the shell sends actions, applies the effects.
///
/// It owns the one source of truth for the float's frame: followed 1:1 while dragged, sprung
/// toward a corner or stash after release, resized by wheel and keys, re-settled when displays
/// change. Time only enters through action timestamps and ``Action/frameTicked(now:)``; the
/// shell keeps ticking at the display rate while ``isAnimating`` is true.
public struct FloatMotion: Sendable, Equatable {
    /// The displays, the first being the primary one (where a remembered placement first appears).
    public internal(set) var displays: [Display]
    /// The video's aspect ratio (width / height), as reported; sizing sanitizes it.
    public internal(set) var videoAspect: Double
    /// The resting place the float is at or headed to, and its size; what the state file keeps.
    public internal(set) var placement: Placement
    /// The window frame now: at rest, in motion, or under the pointer.
    public internal(set) var frame: Rect
    /// What the float is doing.
    public internal(set) var phase: Phase
    var gestures = GestureTracker()

    /// Places the float on the primary display at `placement`, or the first time
    /// (`nil`) at the bottom-right corner with the default size.
    public init(displays: [Display], videoAspect: Double, placement: Placement?) {
        let displays = displays.isEmpty ? [Display.fallback] : displays
        let placement = placement ?? .initial
        self.displays = displays
        self.videoAspect = videoAspect
        self.placement = placement
        self.frame = placement.frame(on: displays[0], aspect: videoAspect)
        self.phase = .resting
    }

    /// Whether a spring is moving the float; the shell sends ``Action/frameTicked(now:)`` while true.
    public var isAnimating: Bool {
        if case .animating = phase { return true }
        return false
    }

    /// Applies one action and returns the effects for the shell to carry out, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .displaysChanged(let displays):
            displaysChanged(displays)
        case .videoAspectChanged(let aspect):
            videoAspectChanged(aspect)
        case .pointerPressed(let point, let time):
            pointerPressed(point, time: time)
        case .pointerMoved(let point, let time):
            pointerMoved(point, time: time)
        case .pointerReleased(let point, let time):
            pointerReleased(point, time: time)
        case .frameTicked(let now):
            frameTicked(now: now)
        case .wheel(let steps):
            resize(steps: steps)
        case .resizeKeyPressed(let change):
            resize(steps: change == .grow ? 1 : -1)
        case .arrowKeyPressed(let direction):
            arrowKeyPressed(direction)
        }
    }

    /// The display the float belongs to, judged from where it rests or is headed.
    var currentDisplay: Display {
        displays.owner(of: placement.anchor.ownerPoint(of: committedFrame))
    }

    /// The frame the float rests at or is headed to; the frame under the pointer while held.
    var committedFrame: Rect {
        if case .animating(let animation) = phase {
            return frame.with(origin: animation.spring.target)
        }
        return frame
    }

    /// Moves the window to `newFrame`, answering the effect when it actually changed.
    mutating func setFrame(_ newFrame: Rect) -> [Effect] {
        guard newFrame != frame else { return [] }
        frame = newFrame
        return [.setFrame(newFrame)]
    }
}
