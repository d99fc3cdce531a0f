/// An axis-aligned rectangle: an origin (top-left corner) and a size, in screen pixels.
public struct Rect: Sendable, Equatable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin coordinates and extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// The rectangle with each edge moved inward by the insets.
    public func inset(by insets: Insets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }

    /// The rectangle with every edge moved inward by the same distance.
    public func inset(by inset: Double) -> Rect {
        self.inset(by: Insets(all: inset))
    }

    /// The rectangle moved by a vector.
    public func offset(by offset: Vector) -> Rect {
        Rect(origin: origin + offset, size: size)
    }

    /// The rectangle moved so that its origin is `newOrigin`.
    public func with(origin newOrigin: Point) -> Rect {
        Rect(origin: newOrigin, size: size)
    }

    /// The rectangle with the same origin and a new size.
    public func with(size newSize: Size) -> Rect {
        Rect(origin: origin, size: newSize)
    }

    /// Whether the point lies inside or on the edge of the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Whether the other rectangle lies entirely inside this one (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The point of the rectangle closest to `point` (the point itself when inside).
    public func clamp(_ point: Point) -> Point {
        Point(x: min(max(point.x, minX), maxX), y: min(max(point.y, minY), maxY))
    }

    /// The distance from `point` to the nearest point of the rectangle; zero inside.
    public func distance(to point: Point) -> Double {
        clamp(point).distance(to: point)
    }
}
