import CSDL
import PiPLayout
import Playback

/// The float's buttons, revealed on hover (P5).
enum FloatControl: Equatable {
    case close, restore, mute
}

/// What the float shows (P5): video only, a small LIVE badge, or the active speaker with name.
struct FloatViewModel {
    let isCall: Bool
    let speakerName: String?
    let status: PlaybackStatus
    let muted: Bool
    let hover: Bool
    let hovered: FloatControl?
}

/// Draws the PiP layout into the float window.
@MainActor
enum FloatView {
    static func draw(_ ctx: DrawContext, _ m: FloatViewModel, video: VideoTexture, width: Int32, height: Int32) -> [Hotspot<FloatControl>] {
        let r = ctx.renderer
        r.clear(Theme.black)
        let area = SDL_Rect(0, 0, width, height)
        let had = video.draw(fitting: area, fill: true) != nil
        StatusOverlay.draw(ctx, m.status, in: area, hasFrame: had, compact: true)
        let small = width < ctx.px(240)
        if m.isCall, !m.hover, let name = m.speakerName {
            let font = ctx.text.fonts.font(11, bold: true)
            let tw = min(font.width(of: name) + ctx.px(12), width - ctx.px(12))
            let tag = SDL_Rect(ctx.px(6), height - ctx.px(24), tw, ctx.px(18))
            r.fillRounded(tag, radius: ctx.px(5), Theme.scrim)
            ctx.text.drawFitting(name, x: tag.x + ctx.px(6), y: tag.y + (tag.h - font.lineHeight) / 2, maxWidth: tw - ctx.px(10), size: 11, bold: true, color: Theme.text)
        } else if !m.isCall && !m.hover {
            let font = ctx.text.fonts.font(11, bold: true)
            let bw = font.width(of: "LIVE") + ctx.px(10)
            let badge = SDL_Rect(ctx.px(6), ctx.px(6), bw, ctx.px(16))
            r.fillRounded(badge, radius: ctx.px(3), Theme.live)
            ctx.text.drawCentered("LIVE", in: badge, size: 11, bold: true, color: Theme.text)
        }
        if m.muted && !m.hover {
            let d = ctx.px(small ? 18 : 22)
            let box = SDL_Rect(width - d - ctx.px(6), height - d - ctx.px(6), d, d)
            r.fillRounded(box, radius: d / 2, Theme.scrim)
            Icon.muted.draw(r, in: box.inset(d / 5), color: Theme.text)
        }
        guard m.hover else { return [] }
        r.fill(area, Color(r: 0, g: 0, b: 0, a: 90))
        let b = ctx.px(small ? 26 : 32)
        let m6 = ctx.px(6)
        let spots = [
            Hotspot(rect: SDL_Rect(m6, m6, b, b), target: FloatControl.restore),
            Hotspot(rect: SDL_Rect(width - b - m6, m6, b, b), target: .close),
            Hotspot(rect: SDL_Rect(m6, height - b - m6, b, b), target: .mute),
        ]
        for s in spots {
            let icon: Icon = s.target == .restore ? .restore : s.target == .close ? .close : (m.muted ? .muted : .unmuted)
            Button.draw(ctx, icon: icon, in: s.rect, hovered: m.hovered == s.target, background: Theme.surface.withAlpha(170))
        }
        return spots
    }
}
