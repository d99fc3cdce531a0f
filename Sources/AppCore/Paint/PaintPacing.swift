/// When each window is painted (paint pacing), a child reducer of ``AppState``: what changed,
/// frames waiting for their present, and when each window was last presented. The root tells it
/// what happened and asks it whether a window is due; a present is its one effect, which the
/// root maps to what follows a paint.
public struct PaintPacing: Equatable, Sendable {
    /// The main window's pacing.
    public var main = PaintState()
    /// The float's pacing.
    public var float = PaintState()
    /// Whether the last painted room view showed its control bar.
    public var controlsDrawn = false
    /// What the stats log last said the windows showed when painted.
    public var logged = LoggedViews()

    /// How often spinners, countdowns and toasts' fades are painted.
    public static let animationStep = 1.0 / 30

    /// Creates the state at start: both windows want a first paint.
    public init() {}

    /// What happened to a window's painting.
    public enum Action: Equatable, Sendable {
        /// What the window shows changed, or it was exposed: paint it at the next chance.
        case changed(WindowKind)
        /// New frames were uploaded to the window and wait for their present.
        case framesUploaded(WindowKind)
        /// The window was presented at `now`; `controls` says whether a room view showed its
        /// control bar.
        case presented(WindowKind, now: Double, controls: Bool)
        /// The float appeared or went away: its pacing starts again.
        case floatReset
    }

    /// What the root carries out after a paint.
    public enum Effect: Equatable, Sendable {
        /// The window presented a picture.
        case presented(WindowKind)
    }

    /// Applies an action and returns the effects for the root to map.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .changed(let window):
            self[window].dirty = true
        case .framesUploaded(let window):
            self[window].framePending = true
        case .presented(let window, let now, let controls):
            self[window] = PaintState(dirty: false, framePending: false, lastPresent: now)
            if window == .main { controlsDrawn = controls }
            return [.presented(window)]
        case .floatReset:
            float = PaintState()
        }
        return []
    }

    /// A window's pacing.
    public subscript(_ window: WindowKind) -> PaintState {
        get { window == .main ? main : float }
        set { if window == .main { main = newValue } else { float = newValue } }
    }

    /// Whether `window` must be painted now: what it shows changed; a new frame waits and
    /// `frameInterval` passed since the last present; it `animates` (a spinner, a countdown)
    /// and an ``animationStep`` passed; or it `changesWithTime` (a fading toast, a clock, the
    /// control bar coming or going).
    public func isDue(_ window: WindowKind, now: Double, frameInterval: Double, animates: Bool,
                      changesWithTime: Bool) -> Bool {
        let paint = self[window]
        let frameDue = paint.framePending && now - paint.lastPresent >= frameInterval
        let animating = animates && now - paint.lastPresent > Self.animationStep
        return paint.dirty || frameDue || animating || changesWithTime
    }
}

/// A window's paint pacing: whether it must be painted, and when it last was.
public struct PaintState: Equatable, Sendable {
    /// Something shown changed: paint at the next chance.
    public var dirty = true
    /// A new video frame was uploaded and waits for its present.
    public var framePending = false
    /// When the window was last presented.
    public var lastPresent = -Double.infinity

    /// Creates a paint state; by default one that wants a first paint.
    public init(dirty: Bool = true, framePending: Bool = false, lastPresent: Double = -.infinity) {
        self.dirty = dirty
        self.framePending = framePending
        self.lastPresent = lastPresent
    }
}
