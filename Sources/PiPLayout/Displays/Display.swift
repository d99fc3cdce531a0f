/// One monitor: its full bounds and its usable bounds (the work area without panels).
public struct Display: Sendable, Equatable, Hashable {
    /// The whole monitor in global screen coordinates.
    public var full: Rect
    /// The part of the monitor not covered by panels (`_NET_WORKAREA`).
    public var usable: Rect

    /// Creates a display from its full and usable bounds.
    public init(full: Rect, usable: Rect) {
        self.full = full
        self.usable = usable
    }

    /// Creates a display without panels: its usable bounds are its full bounds.
    public init(full: Rect) {
        self.init(full: full, usable: full)
    }

    /// The display assumed when the shell reports none: 1920x1080 at the origin.
    public static let fallback = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080))
}
