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
        // Back points the way the view reads: right in a right-to-left view, as GTK's go-previous-rtl.
        icon.draw(ctx.renderer, in: r.inset(pad), color: tint, mirrored: icon == .back && ctx.isRightToLeft)
    }

    /// A text button (e.g. Retry) in the rectangle its view laid out.
    static func drawLabel(_ ctx: DrawContext, _ label: String, icon: Glyph?, in r: SDL_Rect, hovered: Bool) {
        let font = ctx.text.fonts.font(15, bold: true)
        let x = r.x, y = r.y, h = r.h
        let iconW: Int32 = icon == nil ? 0 : h - ctx.px(12)
        ctx.renderer.fillRounded(r, radius: h / 2, hovered ? Theme.accent : Theme.accent.withAlpha(210))
        var tx = x + ctx.px(16)
        if let icon {
            icon.draw(ctx.renderer, in: ctx.place(SDL_Rect(tx - ctx.px(4), y + ctx.px(6), iconW, iconW), in: r), color: Theme.text)
            tx += iconW
        }
        // The icon leads and the label follows it, on the side the view reads from.
        ctx.drawLeading(label, in: ctx.place(SDL_Rect(tx, y, max(0, x + r.w - tx - ctx.px(12)), h), in: r),
                        y: y + (h - font.lineHeight) / 2, size: 15, bold: true, color: Theme.text)
    }
}
