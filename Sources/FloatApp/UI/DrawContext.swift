import CSDL
import Localization

/// What a view needs to draw one frame into one window.
@MainActor
struct DrawContext {
    let renderer: Renderer
    let text: TextCache
    /// UI scale as the desktop publishes it (`Xft.dpi` 96 is 1, `GDK_SCALE`, `FLOATAPP_SCALE`).
    let scale: Double
    /// Seconds since the app started, for animations.
    let time: Double
    /// The language's direction: right to left mirrors what a view places itself (X5).
    var direction: TextDirection = .leftToRight

    /// Scales a length in unscaled pixels.
    func px(_ v: Int32) -> Int32 { Int32((Double(v) * scale).rounded()) }
}
