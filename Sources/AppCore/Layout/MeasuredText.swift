/// A text whose width places a control but changes as the app runs (the list header's room
/// count), measured by the shell with the painter's fonts at a scale: the one width the
/// painter, the hit tests and the accessible tree all lay the header out with.
public struct MeasuredText: Hashable, Sendable {
    /// The text and its style.
    public var key: UIMetrics.LabelKey
    /// The scale it was measured at.
    public var scale: Double
    /// Its width in pixels.
    public var width: Int

    /// Creates a measured text.
    public init(key: UIMetrics.LabelKey, scale: Double, width: Int) {
        self.key = key
        self.scale = scale
        self.width = width
    }
}

/// The numbers the list's header counts: its rooms, and a search's results while one filters.
struct RoomCount: Equatable, Sendable {
    /// The rooms in the list.
    var listed: Int
    /// The search's results; nil when nothing is searched.
    var matches: Int?
}
