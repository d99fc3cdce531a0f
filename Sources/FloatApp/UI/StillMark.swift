import CSDL

/// The subtle mark over a still picture (a hidden participant's key frame, shown until their
/// live video comes back): the picture slightly dimmed and a small pause sign in its top-right
/// corner, so a still is never taken for live video.
@MainActor
enum StillMark {
    /// Marks `rect`, where the still picture was drawn.
    static func draw(_ ctx: DrawContext, over rect: SDL_Rect) {
        guard rect.w > 0, rect.h > 0 else { return }
        let r = ctx.renderer
        r.fill(rect, Color(r: 0, g: 0, b: 0, a: 60))
        let size = max(ctx.px(8), min(ctx.px(18), rect.h / 6))
        let pad = max(ctx.px(3), size / 3)
        let badge = SDL_Rect(rect.x + rect.w - size - pad, rect.y + pad, size, size)
        r.fillRounded(badge, radius: size / 4, Theme.scrim)
        let bar = max(1, size / 5)
        let barH = size - 2 * (size / 4)
        for x in [badge.x + size / 2 - bar - bar / 2, badge.x + size / 2 + bar / 2] {
            r.fill(SDL_Rect(x, badge.y + size / 4, bar, barH), Color(r: 0xff, g: 0xff, b: 0xff, a: 200))
        }
    }
}
