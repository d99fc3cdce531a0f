/// Where a window is on the screen and how its pixels map to the screen's: an object's extents
/// are its painted rectangle placed through its window's placement.
public struct WindowPlacement: Equatable, Sendable {
    /// The window's top left corner on the screen.
    public var x: Int
    public var y: Int
    /// Drawable pixels per screen unit: 1 on X11, where the app scales its own drawing; the
    /// compositor's scale on Wayland, where the drawable is larger than the window.
    public var pixelsPerUnit: Double

    /// Creates a placement.
    public init(x: Int, y: Int, pixelsPerUnit: Double = 1) {
        self.x = x
        self.y = y
        self.pixelsPerUnit = pixelsPerUnit
    }

    /// `rect`, in this window's pixels, in screen units (`screen`) or in the window's own
    /// units (its origin at 0, 0).
    public func place(_ rect: AccessibleRect, screen: Bool) -> AccessibleRect {
        let k = pixelsPerUnit > 0 ? pixelsPerUnit : 1
        let left = (Double(rect.x) / k).rounded(.down), top = (Double(rect.y) / k).rounded(.down)
        let right = (Double(rect.x + rect.width) / k).rounded(.up), bottom = (Double(rect.y + rect.height) / k).rounded(.up)
        return AccessibleRect(x: Int(left) + (screen ? x : 0), y: Int(top) + (screen ? y : 0),
                              width: Int(right - left), height: Int(bottom - top))
    }
}

extension AccessibleTree {
    /// The extents of the object with `id`, placed by its window's placement in `windows`
    /// (keyed by frame id); nil for the application or a window not placed.
    public func extents(of id: String, windows: [String: WindowPlacement], screen: Bool) -> AccessibleRect? {
        guard let entry = entry(id), let rect = entry.node.rect, let frame = entry.frame,
              let placement = windows[frame] else { return nil }
        return placement.place(rect, screen: screen)
    }

    /// The deepest child of `id` whose extents contain the point, or nil; a later sibling wins
    /// (it is painted over an earlier one).
    public func child(of id: String, at x: Int, _ y: Int, windows: [String: WindowPlacement], screen: Bool) -> String? {
        guard let node = entry(id)?.node else { return nil }
        for child in node.children.reversed() {
            guard let r = extents(of: child.id, windows: windows, screen: screen),
                  x >= r.x, y >= r.y, x < r.x + r.width, y < r.y + r.height else { continue }
            return self.child(of: child.id, at: x, y, windows: windows, screen: screen) ?? child.id
        }
        return nil
    }
}
