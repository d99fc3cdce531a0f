/// A pointer position with the time (in seconds) it was seen there.
public struct PointerSample: Sendable, Equatable {
    /// The global pointer position.
    public let point: Point
    /// The event timestamp in seconds.
    public let time: Double

    /// Creates a sample.
    public init(point: Point, time: Double) {
        self.point = point
        self.time = time
    }
}
