/// A displacement or a velocity in screen pixels (per second for velocities).
public struct Vector: Sendable, Equatable, Hashable {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component, positive downward.
    public var dy: Double

    /// No displacement, no motion.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Creates a vector from its two components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The Euclidean length.
    public var length: Double {
        (dx * dx + dy * dy).squareRoot()
    }

    /// Component-wise sum.
    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    /// Component-wise difference.
    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    /// The vector scaled by a factor.
    public static func * (vector: Vector, factor: Double) -> Vector {
        Vector(dx: vector.dx * factor, dy: vector.dy * factor)
    }
}
