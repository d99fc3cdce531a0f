import CSDL

/// A round or rounded icon button with hover and pressed looks.
@MainActor
enum Button {
    static func draw(_ ctx: DrawContext, icon: Icon, in r: SDL_Rect, hovered: Bool, active: Bool = false,
                     tint: Color = Theme.text, background: Color = Theme.surface.withAlpha(200)) {
        let bg = active ? Theme.accent : (hovered ? Theme.surfaceHover.withAlpha(235) : background)
        ctx.renderer.fillRounded(r, radius: min(r.w, r.h) / 2, bg)
        let pad = r.w / 4
        icon.draw(ctx.renderer, in: r.inset(pad), color: tint)
    }

    /// A text button (e.g. Retry), sized to its label.
    static func drawLabel(_ ctx: DrawContext, _ label: String, icon: Icon?, at x: Int32, _ y: Int32,
                          hovered: Bool) -> SDL_Rect {
        let font = ctx.text.fonts.font(15, bold: true)
        let h = ctx.px(36)
        let iconW: Int32 = icon == nil ? 0 : h - ctx.px(12)
        let w = font.width(of: label) + ctx.px(32) + iconW
        let r = SDL_Rect(x, y, w, h)
        ctx.renderer.fillRounded(r, radius: h / 2, hovered ? Theme.accent : Theme.accent.withAlpha(210))
        var tx = x + ctx.px(16)
        if let icon {
            icon.draw(ctx.renderer, in: SDL_Rect(tx - ctx.px(4), y + ctx.px(6), iconW, iconW), color: Theme.text)
            tx += iconW
        }
        ctx.text.draw(label, x: tx, y: y + (h - font.lineHeight) / 2, size: 15, bold: true, color: Theme.text)
        return r
    }
}
