/// Where a pointer gesture stands between events.
public enum GesturePhase: Sendable, Equatable {
    /// No button held.
    case idle
    /// Button held, pointer still within the slop.
    case pressed
    /// Button held, pointer has left the slop.
    case dragging
}
