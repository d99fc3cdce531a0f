import PiPLayout

/// The float window as the app decides it: shown or not, pointer, speaker.
public struct FloatState: Equatable, Sendable {
    /// Whether the float is on screen.
    public var visible = false
    /// The window's output size in pixels.
    public var width = 0
    /// The window's output height in pixels.
    public var height = 0
    /// Whether the pointer is over the float.
    public var hover = false
    /// The overlay button under the pointer (P5).
    public var hovered: FloatControl?
    /// The overlay button pressed and not yet released.
    public var pressed: FloatControl?
    /// Whether the button is held on the float's body (a drag or a tap in progress).
    public var pointerDown = false
    /// The global pointer last fed to the motion while held (P6).
    public var heldPointer: Point?
    /// Which call participant the float shows.
    public var speaker = FloatSpeaker()
    /// A float just shown on Wayland, still to be put in front of the main window once both
    /// have presented a picture (P18).
    public var needsFront = false
    /// While the float hands the room over to the full view (``SessionState/floatHandover``):
    /// when it closes even if the main window has shown no picture yet.
    public var closesBy: Double?

    /// Creates the state at start: no float.
    public init() {}
}

/// The float's controls, revealed on hover (P5): Leave hangs up a call; the volume is a
/// slider set by a click or a drag.
public enum FloatControl: Hashable, Sendable {
    case close, restore, mute, volume, leave
}

/// Which participant a call's float shows. A new active speaker takes over once their
/// source has a fresh frame, so the float never shows a stale picture of them (P17);
/// a speaker with no video takes over after ``FloatSpeaker/patience`` seconds.
public struct FloatSpeaker: Equatable, Sendable {
    /// The participant shown.
    public var shown: Int?
    /// The participant about to be shown once their video has a fresh frame.
    public var pending: Int?
    /// The serial of the pending participant's frame when they became pending.
    public var staleSerial: Int?
    /// When the pending participant became pending.
    public var since = 0.0

    /// How long a new speaker without a fresh frame waits before taking over.
    public static let patience = 1.0

    /// Creates a speaker choice with nobody shown yet.
    public init(shown: Int? = nil, pending: Int? = nil, staleSerial: Int? = nil, since: Double = 0) {
        self.shown = shown
        self.pending = pending
        self.staleSerial = staleSerial
        self.since = since
    }
}
