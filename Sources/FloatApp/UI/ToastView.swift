import AppCore
import CSDL

/// Paints the toasts at the bottom of the main window from their view models.
@MainActor
enum ToastView {
    static func draw(_ ctx: DrawContext, _ toasts: [ToastModel], width: Int32) {
        let font = ctx.text.fonts.font(15)
        for t in toasts {
            let w = min(Int32(t.maxWidth), font.width(of: t.message) + ctx.px(40))
            let h = Int32(t.height)
            let rect = SDL_Rect((width - w) / 2, Int32(t.y), w, h)
            ctx.renderer.fillRounded(rect, radius: h / 2, Color(r: 0x30, g: 0x34, b: 0x3e, a: UInt8(240 * t.opacity)))
            ctx.text.drawFitting(t.message, x: rect.x + ctx.px(20), y: rect.y + (h - font.lineHeight) / 2,
                                 maxWidth: w - ctx.px(40), size: 15, color: Theme.text)
        }
    }
}
