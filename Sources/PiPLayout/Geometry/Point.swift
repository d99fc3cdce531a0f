/// A position in global screen pixels; `y` grows downward.
public struct Point: Sendable, Equatable, Hashable {
    /// Horizontal coordinate in pixels.
    public var x: Double
    /// Vertical coordinate in pixels, growing downward.
    public var y: Double

    /// The origin of the screen space.
    public static let zero = Point(x: 0, y: 0)

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to another point.
    public func distance(to other: Point) -> Double {
        (other - self).length
    }

    /// The point moved by a vector.
    public static func + (point: Point, offset: Vector) -> Point {
        Point(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    /// The point moved back by a vector.
    public static func - (point: Point, offset: Vector) -> Point {
        Point(x: point.x - offset.dx, y: point.y - offset.dy)
    }

    /// The vector that leads from `start` to `end`.
    public static func - (end: Point, start: Point) -> Vector {
        Vector(dx: end.x - start.x, dy: end.y - start.y)
    }
}
