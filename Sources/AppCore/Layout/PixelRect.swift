/// A rectangle in a window's pixels, as views draw and hit-test it.
public struct PixelRect: Hashable, Sendable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width.
    public var w: Int
    /// The height.
    public var h: Int

    /// Creates a rectangle from its top-left corner and size.
    public init(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }

    /// Whether the point lies inside (left and top edges included).
    public func contains(_ px: Int, _ py: Int) -> Bool {
        px >= x && py >= y && px < x + w && py < y + h
    }

    /// The rectangle's right edge.
    public var maxX: Int { x + w }

    /// Whether this rectangle and `other` share any pixel.
    public func overlaps(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The bottom edge.
    public var maxY: Int { y + h }

    /// The rectangle reflected across the vertical centre line of a window `width` wide, as a
    /// right-to-left layout places what a left-to-right one puts at `x`.
    public func mirrored(within width: Int) -> PixelRect {
        PixelRect(width - x - w, y, w, h)
    }

    /// The rectangle with every edge moved inward by `d`.
    public func inset(_ d: Int) -> PixelRect {
        PixelRect(x + d, y + d, w - 2 * d, h - 2 * d)
    }
}

/// A control of a view and the rectangle that both draws and hit-tests it.
public struct Hotspot<Target: Hashable & Sendable>: Hashable, Sendable {
    /// Where the control is.
    public let rect: PixelRect
    /// Which control it is.
    public let target: Target

    /// Creates a hotspot.
    public init(rect: PixelRect, target: Target) {
        self.rect = rect
        self.target = target
    }
}

extension Array {
    /// The target of the topmost hotspot at a point.
    public func hit<T>(_ x: Int, _ y: Int) -> T? where Element == Hotspot<T> {
        last { $0.rect.contains(x, y) }?.target
    }
}
