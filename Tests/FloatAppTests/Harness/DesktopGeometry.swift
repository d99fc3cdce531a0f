/// A point in root-window (screen) pixels.
struct DesktopPoint: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int

    var description: String { "(\(x), \(y))" }

    /// This point moved by `dx`, `dy`.
    func offsetBy(_ dx: Int, _ dy: Int) -> DesktopPoint {
        DesktopPoint(x: x + dx, y: y + dy)
    }
}

/// A rectangle in root-window (screen) pixels.
struct DesktopRect: Equatable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var minX: Int { x }
    var minY: Int { y }
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var center: DesktopPoint { DesktopPoint(x: x + width / 2, y: y + height / 2) }

    var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: DesktopRect) -> Bool {
        other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether `point` lies inside this rectangle.
    func contains(_ point: DesktopPoint) -> Bool {
        point.x >= minX && point.y >= minY && point.x < maxX && point.y < maxY
    }

    /// The part this rectangle shares with `other`; nil when they do not overlap.
    func intersection(_ other: DesktopRect) -> DesktopRect? {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return DesktopRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding this one and `other`.
    func union(_ other: DesktopRect) -> DesktopRect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return DesktopRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// This rectangle shrunk by `amount` on every side.
    func insetBy(_ amount: Int) -> DesktopRect {
        DesktopRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}

/// Space reserved at the screen edges, as in openbox's `<margins>` or `_NET_FRAME_EXTENTS`.
struct EdgeInsets: Equatable, CustomStringConvertible {
    var top = 0
    var bottom = 0
    var left = 0
    var right = 0

    /// No space reserved anywhere.
    static let zero = EdgeInsets()

    var description: String { "left \(left) right \(right) top \(top) bottom \(bottom)" }
}

/// The size of a test desktop's screen in pixels.
struct ScreenSize: Equatable, CustomStringConvertible {
    var width: Int
    var height: Int

    var description: String { "\(width)x\(height)" }
}

/// The screen edge a panel (taskbar, toolbar, dock) sits along.
enum PanelEdge: CustomStringConvertible {
    case top, bottom

    var description: String { self == .top ? "top" : "bottom" }

    /// Whether `workArea` on `screen` is shortened at this edge only, as a panel here does.
    func isReserved(in workArea: DesktopRect, of screen: DesktopRect) -> Bool {
        let sidesFree = workArea.minX == screen.minX && workArea.maxX == screen.maxX
        switch self {
        case .top: return sidesFree && workArea.minY > screen.minY && workArea.maxY == screen.maxY
        case .bottom: return sidesFree && workArea.minY == screen.minY && workArea.maxY < screen.maxY
        }
    }

    /// Openbox margins (or a dock's strut) reserving `thickness` px along this edge.
    func insets(_ thickness: Int) -> EdgeInsets {
        self == .top ? EdgeInsets(top: thickness) : EdgeInsets(bottom: thickness)
    }
}
