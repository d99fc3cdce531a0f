/// The float window's motion as a state machine: the shell sends actions, applies the effects.
///
/// It owns the one source of truth for the float's frame: followed 1:1 while dragged (or pulled
/// onto the ``DismissTarget``), sprung toward a corner or stash after release, resized by wheel
/// and keys, re-settled when displays change. While stashed, the window is only the
/// ``StashStrip``. Time only enters through action timestamps and ``Action/frameTicked(now:)``; the
/// shell keeps ticking at the display rate while ``isAnimating`` is true.
public struct FloatMotion: Sendable, Equatable {
    /// The displays, the first being the primary one (where a remembered placement first appears).
    public internal(set) var displays: [Display]
    /// The video's aspect ratio (width / height), as reported; sizing sanitizes it.
    public internal(set) var videoAspect: Double
    /// The resting place the float is at or headed to, and its size; what the state file keeps.
    public internal(set) var placement: Placement
    /// The window frame now: the float's frame, or the strip while it rests stashed.
    public private(set) var frame: Rect
    /// The float's whole frame now: at rest, in motion, or under the pointer; when stashed,
    /// partly beyond the display edge.
    public internal(set) var floatFrame: Rect
    /// The strip the window shows while the float rests stashed; `nil` otherwise.
    public private(set) var stashStrip: StashStrip?
    /// What the float is doing.
    public internal(set) var phase: Phase
    /// The desktop asks for reduced motion: the float lands where it heads at once, without the
    /// spring (a spring in progress lands at the next tick).
    public var placesAtOnce = false
    var gestures = GestureTracker()

    /// Places the float at `placement`, or the first time (`nil`) at the bottom-right corner with
    /// the default size, on the display under `home` (the main window's centre; nearest when
    /// none), or on the primary display when `home` is `nil`.
    public init(displays: [Display], videoAspect: Double, placement: Placement?, home: Point? = nil) {
        let displays = displays.isEmpty ? [Display.fallback] : displays
        let placement = placement ?? .initial
        self.displays = displays
        self.videoAspect = videoAspect
        self.placement = placement
        self.floatFrame = placement.frame(on: home.map(displays.owner(of:)) ?? displays[0], aspect: videoAspect)
        self.frame = floatFrame
        self.phase = .resting
        _ = syncWindow()
    }

    /// Whether a spring is moving the float; the shell sends ``Action/frameTicked(now:)`` while true.
    public var isAnimating: Bool {
        if case .animating = phase { return true }
        return false
    }

    /// Whether a drag is in progress; the shell sends ``Action/frameTicked(now:)`` while true,
    /// so the dismiss target shows ``DismissTarget/showDelay`` into a drag held still.
    public var isDragging: Bool {
        if case .held = phase { return gestures.phase == .dragging }
        return false
    }

    /// Applies one action and returns the effects for the shell to carry out, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        let effects = apply(action)
        return effects + syncWindow()
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .displaysChanged(let displays):
            displaysChanged(displays)
        case .videoAspectChanged(let aspect):
            videoAspectChanged(aspect)
        case .pointerPressed(let point, let time):
            pointerPressed(point, time: time)
        case .pointerMoved(let point, let time):
            pointerMoved(point, time: time)
        case .pointerPolled(let point, let now):
            pointerPolled(point, now: now)
        case .pointerReleased(let point, let time):
            pointerReleased(point, time: time)
        case .frameTicked(let now):
            heldTicked(now: now) + frameTicked(now: now)
        case .wheel(let steps):
            resize(steps: steps)
        case .resizeKeyPressed(let change):
            resize(steps: change == .grow ? 1 : -1)
        case .arrowKeyPressed(let direction):
            arrowKeyPressed(direction)
        case .cancelKeyPressed:
            cancelDrag()
        }
    }

    /// The dismiss target while it is shown (during a drag).
    public var dismissTarget: DismissTarget? {
        if case .held(let hold) = phase { return hold.dismissTarget }
        return nil
    }

    /// The display the float belongs to, judged from where it rests or is headed.
    var currentDisplay: Display {
        displays.owner(of: placement.anchor.ownerPoint(of: committedFrame))
    }

    /// The frame the float rests at or is headed to; the frame under the pointer while held.
    var committedFrame: Rect {
        if case .animating(let animation) = phase {
            return floatFrame.with(origin: animation.spring.target)
        }
        return floatFrame
    }

    /// Moves the float to `newFrame`, answering the effects when the window actually changed.
    mutating func setFrame(_ newFrame: Rect) -> [Effect] {
        floatFrame = newFrame
        return syncWindow()
    }

    /// Makes the window the strip while the float rests stashed (or is pressed there without
    /// dragging), else the float; answers the effects of what changed.
    mutating func syncWindow() -> [Effect] {
        var strip: StashStrip?
        if case .stashed(let side, _) = placement.anchor, gestures.phase != .dragging {
            let display = currentDisplay
            let rest = MovementArea(display: display, windowSize: floatFrame.size).frame(for: placement.anchor)
            if rest == floatFrame {
                strip = StashStrip(side: side, floatFrame: floatFrame, usable: display.usable)
            }
        }
        var effects: [Effect] = []
        let window = strip?.frame ?? floatFrame
        if window != frame {
            frame = window
            effects.append(.setFrame(window))
        }
        if strip != stashStrip {
            stashStrip = strip
            effects.append(.stashStripChanged(strip))
        }
        return effects
    }
}
