extension FloatMotion {
    /// What the float is doing between actions.
    public enum Phase: Sendable, Equatable {
        /// At rest at its placement.
        case resting
        /// Moved by a spring toward its placement.
        case animating(Animation)
        /// A mouse button is held on it (pressed within the slop, or dragging).
        case held(Hold)
    }

    /// A running spring and the time its state belongs to.
    public struct Animation: Sendable, Equatable {
        /// The spring moving the window origin.
        public var spring: Spring
        /// The time of the spring's state; `nil` until the first tick (for actions without a time).
        public var clock: Double?
    }

    /// The state of a held float.
    public struct Hold: Sendable, Equatable {
        /// From the window origin to the pointer at the press; kept while dragging.
        public var grabOffset: Vector
        /// The spring the press caught, resumed if the press turns out to be a click.
        public var caught: Spring?
        /// The pointer at the press.
        public internal(set) var pressPoint: Point
        /// The pointer as last reported (moved or polled).
        public internal(set) var pointer: Point
        /// The float's own size (a float pulled onto the dismiss target is drawn smaller).
        public internal(set) var size: Size
        /// Where the float rested or was headed at the press: where a cancelled drag returns.
        public internal(set) var returnFrame: Rect
        /// When the drag left the slop; `nil` while within it.
        public internal(set) var dragStart: Double?
        /// The dismiss target, once shown.
        public internal(set) var dismissTarget: DismissTarget?
    }
}
