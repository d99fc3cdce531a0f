/// A width and a height in screen pixels.
public struct Size: Sendable, Equatable, Hashable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// An empty size.
    public static let zero = Size(width: 0, height: 0)

    /// Creates a size from its two extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size scaled by a factor in both dimensions.
    public static func * (size: Size, factor: Double) -> Size {
        Size(width: size.width * factor, height: size.height * factor)
    }
}
