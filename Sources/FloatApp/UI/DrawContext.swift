import CSDL

/// What a view needs to draw one frame into one window.
@MainActor
struct DrawContext {
    let renderer: Renderer
    let text: TextCache
    /// UI scale from the display's DPI (1 at 96 dpi).
    let scale: Double
    /// Seconds since the app started, for animations.
    let time: Double

    /// Scales a length in unscaled pixels.
    func px(_ v: Int32) -> Int32 { Int32((Double(v) * scale).rounded()) }
}

/// A clickable control in a view, found by hit testing.
struct Hotspot<Target: Equatable>: Equatable {
    let rect: SDL_Rect
    let target: Target

    static func == (a: Hotspot, b: Hotspot) -> Bool {
        a.target == b.target && a.rect.x == b.rect.x && a.rect.y == b.rect.y && a.rect.w == b.rect.w && a.rect.h == b.rect.h
    }
}

extension Array {
    /// The target of the topmost hotspot at a point.
    func hit<T>(_ x: Int32, _ y: Int32) -> T? where Element == Hotspot<T> {
        last { $0.rect.contains(x, y) }?.target
    }
}
