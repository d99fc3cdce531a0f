import AppCore
import CSDL

/// Paints the confirmation before joining a call from an invite link (W13) over the main
/// window: the window dimmed, a box with the question, the call and its server, and Join
/// (the default) beside Cancel.
@MainActor
enum CallLinkView {
    static func draw(_ ctx: DrawContext, _ m: CallLinkViewModel, width: Int32, height: Int32) {
        ctx.renderer.fill(SDL_Rect(0, 0, width, height), Theme.scrim)
        let box = SDL_Rect(m.box)
        ctx.renderer.fillRounded(box, radius: ctx.px(Theme.radius + 4), Theme.border)
        ctx.renderer.fillRounded(box.inset(ctx.px(1)), radius: ctx.px(Theme.radius + 3), Theme.surface)
        let heading = SDL_Rect(m.heading.rect)
        let bold = ctx.text.fonts.font(17, bold: true)
        ctx.drawLeading(m.heading.text, in: heading, y: heading.y + (heading.h - bold.lineHeight) / 2, size: 17, bold: true,
                        color: Theme.text)
        let regular = ctx.text.fonts.font(15)
        for (index, line) in m.lines.enumerated() {
            let r = SDL_Rect(line.rect)
            ctx.drawLeading(line.text, in: r, y: r.y + (r.h - regular.lineHeight) / 2, size: 15,
                            color: index == m.lines.count - 1 ? Theme.textDim : Theme.text)
        }
        let join = SDL_Rect(m.join.rect)
        ctx.renderer.fillRounded(join, radius: join.h / 2, m.hovered == .join ? Theme.accent : Theme.accent.withAlpha(210))
        ctx.text.drawCentered(m.join.text, in: join, size: 15, bold: true, color: Theme.text)
        let cancel = SDL_Rect(m.cancel.rect)
        ctx.renderer.fillRounded(cancel, radius: cancel.h / 2, m.hovered == .cancel ? Theme.surfaceHover : Theme.secondary)
        ctx.text.drawCentered(m.cancel.text, in: cancel, size: 15, bold: true, color: Theme.text)
    }
}
