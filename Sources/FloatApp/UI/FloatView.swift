import AppCore
import CSDL

/// Paints the float (P5) from its view model: video only, a small LIVE badge, or the
/// active speaker's name; on hover, the overlay buttons.
@MainActor
enum FloatView {
    static func draw(_ ctx: DrawContext, _ m: FloatViewModel, video: VideoTexture, width: Int32, height: Int32) {
        let r = ctx.renderer
        r.clear(Theme.black)
        if let strip = m.strip {
            drawStrip(ctx, strip, video: video, width: width, height: height)
            return
        }
        let area = SDL_Rect(0, 0, width, height)
        let drawn = video.draw(fitting: area, fill: m.videoCoversWindow, mirrored: m.showsSelf)
        let had = drawn != nil
        if let drawn, video.frame?.isStill == true { StillMark.draw(ctx, over: m.videoCoversWindow ? area : drawn) }
        if let name = m.cameraOffName {
            r.fill(area, Theme.surface)
            ctx.text.drawCentered(name, in: SDL_Rect(0, height / 2 - ctx.px(14), width, ctx.px(28)),
                                  size: m.small ? 13 : 17, bold: true, color: Theme.text)
        }
        StatusOverlay.draw(ctx, m.overlay, hasFrame: had)
        if !m.hover { drawBadges(ctx, m, width: width, height: height) }
        guard m.hover else { return }
        r.fill(area, Color(r: 0, g: 0, b: 0, a: 90))
        for s in m.buttons { drawControl(ctx, m, s) }
        if let rect = m.nameRect, let name = m.speakerName { drawName(ctx, name, muted: m.speakerMuted, in: SDL_Rect(rect)) }
    }

    /// One of the hovered float's controls (P5).
    private static func drawControl(_ ctx: DrawContext, _ m: FloatViewModel, _ s: Hotspot<FloatControl>) {
        let rect = SDL_Rect(s.rect), hovered = m.hovered == s.target
        switch s.target {
        case .volume:
            let inset = Int32(m.sliderInset), h = max(ctx.px(4), 2)
            let track = SDL_Rect(rect.x + inset, rect.y + (rect.h - h) / 2, max(0, rect.w - 2 * inset), h)
            VolumeSlider.draw(ctx, track: track, value: m.muted ? 0 : m.volume, hovered: hovered)
        case .leave:
            let fill = hovered ? Theme.error : Theme.error.withAlpha(215)
            ctx.renderer.fillRounded(rect, radius: rect.h / 2, fill)
            ctx.text.drawCentered(ShellLabels.leave, in: rect, size: 11, bold: true, color: Theme.text)
        case .restore, .close, .mute:
            let mute: Glyph = m.microphoneMuted.map { $0 ? .micOff : .mic } ?? (m.muted ? .muted : .unmuted)
            let glyph: Glyph = s.target == .restore ? .restore : s.target == .close ? .close : mute
            Button.draw(ctx, icon: glyph, in: rect, hovered: hovered, background: Theme.surface.withAlpha(170))
        }
    }

    /// A stashed float (P8): the video's edge slice, shaded, with a grip chevron pointing back
    /// on screen; no buttons, since a click or a drag brings the float back.
    private static func drawStrip(_ ctx: DrawContext, _ strip: StashStripModel, video: VideoTexture,
                                  width: Int32, height: Int32) {
        let r = ctx.renderer
        _ = video.draw(fitting: SDL_Rect(strip.video), fill: true)
        r.fill(SDL_Rect(0, 0, width, height), Color(r: 0, g: 0, b: 0, a: 60))
        let grip = min(width, ctx.px(24))
        let box = SDL_Rect((width - grip) / 2, (height - grip) / 2, grip, grip)
        r.fillRounded(box, radius: grip / 2, Theme.surface.withAlpha(200))
        let (x, y, s) = (Float(box.x), Float(box.y), Float(grip))
        let tip: Float = strip.pointsLeft ? 0.38 : 0.62, back: Float = strip.pointsLeft ? 0.6 : 0.4
        let w = max(1.5, s / 10)
        r.line(x + back * s, y + 0.28 * s, x + tip * s, y + 0.5 * s, width: w, Theme.text)
        r.line(x + tip * s, y + 0.5 * s, x + back * s, y + 0.72 * s, width: w, Theme.text)
    }

    /// The active speaker's name among the controls, after a mic-off marker when they muted.
    private static func drawName(_ ctx: DrawContext, _ name: String, muted: Bool, in rect: SDL_Rect) {
        let font = ctx.text.fonts.font(11, bold: true)
        ctx.renderer.fillRounded(rect, radius: ctx.px(5), Theme.scrim)
        let marker = muted ? drawMutedMarker(ctx, in: rect) : 0
        ctx.text.drawFitting(name, x: rect.x + ctx.px(6) + marker, y: rect.y + (rect.h - font.lineHeight) / 2,
                                 maxWidth: rect.w - ctx.px(12) - marker, size: 11, bold: true, color: Theme.text)
    }

    /// The speaker's mic-off marker at the leading end of their name tag `tag`; returns the
    /// width it takes.
    private static func drawMutedMarker(_ ctx: DrawContext, in tag: SDL_Rect) -> Int32 {
        let d = min(tag.h - ctx.px(2), ctx.px(16))
        Glyph.micOff.draw(ctx.renderer, in: SDL_Rect(tag.x + ctx.px(3), tag.y + (tag.h - d) / 2, d, d), color: Theme.error)
        return d + ctx.px(2)
    }

    /// The speaker's name or the LIVE badge (none over a recording), and the muted mark, while not hovered.
    private static func drawBadges(_ ctx: DrawContext, _ m: FloatViewModel, width: Int32, height: Int32) {
        let r = ctx.renderer
        let font = ctx.text.fonts.font(11, bold: true)
        if m.isCall, let name = m.speakerName {
            let markerW = m.speakerMuted ? ctx.px(18) : 0
            let tw = min(font.width(of: name) + ctx.px(12) + markerW, width - ctx.px(12))
            let tag = SDL_Rect(ctx.px(6), height - ctx.px(24), tw, ctx.px(18))
            r.fillRounded(tag, radius: ctx.px(5), Theme.scrim)
            let marker = m.speakerMuted ? drawMutedMarker(ctx, in: tag) : 0
            ctx.text.drawFitting(name, x: tag.x + ctx.px(6) + marker, y: tag.y + (tag.h - font.lineHeight) / 2,
                                 maxWidth: tw - ctx.px(10) - marker, size: 11, bold: true, color: Theme.text)
        } else if !m.isCall, !m.isRecording {
            let bw = font.width(of: UIMetrics.live) + ctx.px(10)
            let badge = SDL_Rect(ctx.px(6), ctx.px(6), bw, ctx.px(16))
            r.fillRounded(badge, radius: ctx.px(3), Theme.live)
            ctx.text.drawCentered(UIMetrics.live, in: badge, size: 11, bold: true, color: Theme.text)
        }
        if m.muted || m.microphoneMuted == true {
            let d = ctx.px(m.small ? 18 : 22)
            let box = SDL_Rect(width - d - ctx.px(6), height - d - ctx.px(6), d, d)
            r.fillRounded(box, radius: d / 2, Theme.scrim)
            (m.microphoneMuted == true ? Glyph.micOff : Glyph.muted).draw(r, in: box.inset(d / 5), color: Theme.text)
        }
    }
}
