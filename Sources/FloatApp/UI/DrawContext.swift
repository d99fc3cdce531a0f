import CSDL

/// What a view needs to draw one frame into one window.
@MainActor
struct DrawContext {
    let renderer: Renderer
    let text: TextCache
    /// UI scale as the desktop publishes it (`Xft.dpi` 96 is 1, `GDK_SCALE`, `FLOATAPP_SCALE`).
    let scale: Double
    /// Seconds since the app started, for animations.
    let time: Double

    /// Scales a length in unscaled pixels.
    func px(_ v: Int32) -> Int32 { Int32((Double(v) * scale).rounded()) }
}
