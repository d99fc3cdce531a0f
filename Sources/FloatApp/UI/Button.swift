import AppCore
import CSDL

/// A round or rounded icon button with hover and pressed looks.
@MainActor
enum Button {
    static func draw(_ ctx: DrawContext, icon: Glyph, in r: SDL_Rect, hovered: Bool, active: Bool = false,
                     tint: Color = Theme.text, background: Color = Theme.surface.withAlpha(200)) {
        let bg = active ? Theme.accent : (hovered ? Theme.surfaceHover.withAlpha(235) : background)
        ctx.renderer.fillRounded(r, radius: min(r.w, r.h) / 2, bg)
        let pad = r.w / 4
        icon.draw(ctx.renderer, in: r.inset(pad), color: tint)
    }

    /// A text button (e.g. Retry) in the rectangle its view laid out.
    static func drawLabel(_ ctx: DrawContext, _ label: String, icon: Glyph?, in r: SDL_Rect, hovered: Bool) {
        let font = ctx.text.fonts.font(15, bold: true)
        let x = r.x, y = r.y, h = r.h
        let iconW: Int32 = icon == nil ? 0 : h - ctx.px(12)
        ctx.renderer.fillRounded(r, radius: h / 2, hovered ? Theme.accent : Theme.accent.withAlpha(210))
        var tx = x + ctx.px(16)
        if let icon {
            icon.draw(ctx.renderer, in: SDL_Rect(tx - ctx.px(4), y + ctx.px(6), iconW, iconW), color: Theme.text)
            tx += iconW
        }
        ctx.text.draw(label, x: tx, y: y + (h - font.lineHeight) / 2, size: 15, bold: true, color: Theme.text)
    }
}
