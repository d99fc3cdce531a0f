extension FloatMotion {
    /// Something that happened to the float; pointer points are global screen coordinates and
    /// times are seconds on one monotonic clock.
    public enum Action: Sendable, Equatable {
        /// The set of displays or their usable bounds changed.
        case displaysChanged([Display])
        /// The video's aspect ratio (width / height) changed.
        case videoAspectChanged(Double)
        /// A mouse button went down on the float (not on an overlay button).
        case pointerPressed(Point, time: Double)
        /// The pointer moved (only counts while pressed).
        case pointerMoved(Point, time: Double)
        /// The held pointer was polled at `now` and is at a new point: the float follows it, but
        /// the poll's time is not the event's, so it adds no velocity sample and starts no drag.
        case pointerPolled(Point, now: Double)
        /// The mouse button went up.
        case pointerReleased(Point, time: Double)
        /// A display frame is due at `now`; while held, it shows the dismiss target on time.
        case frameTicked(now: Double)
        /// The wheel turned over the float: positive steps grow it, negative shrink it.
        case wheel(steps: Int)
        /// `+` or `-` was pressed on the float.
        case resizeKeyPressed(ResizeChange)
        /// An arrow key was pressed on the float.
        case arrowKeyPressed(Direction)
        /// Esc was pressed: a drag in progress returns to where it came from (P19). Answers no
        /// effects when no drag is in progress, so the shell gives Esc its usual meaning (P12).
        case cancelKeyPressed
    }

    /// Which way a resize key changes the size.
    public enum ResizeChange: Sendable, Equatable {
        case grow, shrink
    }
}
