/// What a press-and-release turned out to be.
public enum GestureRelease: Sendable, Equatable {
    /// The pointer never left the slop: a click. `clickCount` is 2 for the second click of a
    /// double-click, 1 otherwise.
    case tap(clickCount: Int)
    /// The pointer left the slop: a drag released with `velocity` in px/s.
    case drag(velocity: Vector)
}
