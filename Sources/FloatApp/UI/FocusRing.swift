import AppCore
import CSDL

/// The ring around the control with the keyboard focus (X7): 2 px in the accent colour just
/// outside the control, between two 1 px dark lines, so it shows on the dark theme, on a light
/// button and over video alike. Kept inside the window: a list row's ring runs along its edges.
@MainActor
enum FocusRing {
    static func draw(_ ctx: DrawContext, _ rect: PixelRect, width: Int32, height: Int32) {
        let ring = ctx.px(2), line = max(1, ctx.px(1))
        let outset = ring + line
        let x0 = max(0, Int32(rect.x) - outset), y0 = max(0, Int32(rect.y) - outset)
        let x1 = min(width, Int32(rect.maxX) + outset), y1 = min(height, Int32(rect.maxY) + outset)
        let outer = SDL_Rect(x0, y0, x1 - x0, y1 - y0)
        let radius = ctx.px(Theme.radius)
        ctx.renderer.fillRoundedRing(outer, radius: radius, width: 2 * line + ring, Theme.black.withAlpha(170))
        let accent = SDL_Rect(x0 + line, y0 + line, outer.w - 2 * line, outer.h - 2 * line)
        ctx.renderer.fillRoundedRing(accent, radius: max(1, radius - line), width: ring, Theme.accent)
    }
}
