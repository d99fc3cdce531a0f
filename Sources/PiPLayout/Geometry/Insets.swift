/// Distances to move each edge of a rectangle inward.
public struct Insets: Sendable, Equatable, Hashable {
    /// Inset of the top edge.
    public var top: Double
    /// Inset of the left edge.
    public var left: Double
    /// Inset of the bottom edge.
    public var bottom: Double
    /// Inset of the right edge.
    public var right: Double

    /// Creates insets with a value per edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates the same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }
}
