import AppCore
import CSDL

/// Paints a room's full view into the main window from its view model (W3, W4, W5).
@MainActor
enum RoomView {
    /// Paints the view; `drawVideo(i, rect, fill)` draws participant i (0 for live) and says whether it had a frame.
    /// `drawSelf(rect)` draws the joined call's self view, mirrored, and says whether it had a picture.
    static func draw(_ ctx: DrawContext, _ m: RoomViewModel, hovered: RoomControl?, drawSelf: (SDL_Rect) -> Bool = { _ in false },
                     drawVideo: (Int, SDL_Rect, Bool) -> Bool) {
        ctx.renderer.clear(Theme.black)
        let stage = SDL_Rect(m.stage)
        if m.isCall {
            drawCall(ctx, m, hovered: hovered, drawVideo: drawVideo)
        } else {
            let had = drawVideo(0, stage, false)
            StatusOverlay.draw(ctx, m.overlay, hasFrame: had, retryHovered: hovered == .retry)
        }
        if let view = m.selfView { drawSelfView(ctx, view, drawSelf: drawSelf) }
        if let panel = m.panel { drawParticipantList(ctx, m, in: SDL_Rect(panel)) }
        if m.controlsVisible {
            drawTitleOverlay(ctx, m)
            drawControlBar(ctx, m, hovered: hovered)
        }
        if m.inFloat { drawInFloatNotice(ctx, stage) }
        if let line = m.broadcastLine { drawBroadcastLine(ctx, line, m) }
    }

    /// The broadcast's status under the title overlay, always shown while the room is live (W9).
    private static func drawBroadcastLine(_ ctx: DrawContext, _ line: String, _ m: RoomViewModel) {
        let box = SDL_Rect(m.broadcastBox), y = box.y
        let w = min(box.w, ctx.text.fonts.font(14, bold: true).width(of: line) + ctx.px(16))
        let h = ctx.text.fonts.font(14, bold: true).lineHeight + ctx.px(8)
        let pill = ctx.place(SDL_Rect(box.x, y, w, h), in: box)
        ctx.renderer.fillRounded(pill, radius: ctx.px(4), Theme.black.withAlpha(170))
        ctx.drawLeading(line, in: pill.inset(ctx.px(8)), y: y + ctx.px(4), size: 14, bold: true,
                        color: m.broadcastIsLive ? Theme.live : Theme.warn)
    }

    /// The top overlay: LIVE or ON AIR badge, title, elapsed time (a recording's position and length).
    private static func drawTitleOverlay(_ ctx: DrawContext, _ m: RoomViewModel) {
        let r = ctx.renderer
        let topH = Int32(m.topHeight), x0 = Int32(m.stage.x), w = Int32(m.stage.w)
        for i in 0..<topH { r.fill(SDL_Rect(x0, i, w, 1), Color(r: 0, g: 0, b: 0, a: UInt8(170 * (topH - i) / topH))) }
        if let badge = m.badge {
            r.fillRounded(SDL_Rect(badge.rect), radius: ctx.px(4), Theme.live)
            ctx.text.drawCentered(badge.text, in: SDL_Rect(badge.rect), size: 11, bold: true, color: Theme.text)
        }
        let title = SDL_Rect(m.titleBox)
        // A soft shadow keeps the title readable over bright video.
        ctx.drawLeading(m.title, in: SDL_Rect(title.x + 1, title.y + 1, title.w, title.h), y: title.y + 1, size: 18, bold: true,
                        color: Theme.black.withAlpha(200))
        ctx.drawLeading(m.title, in: title, y: title.y, size: 18, bold: true, color: Theme.text)
        let clock = SDL_Rect(m.clockBox)
        let time = Self.clock(m.elapsed) + (m.duration.map { " / " + Self.clock($0) } ?? "")
        ctx.drawTrailing(time, in: clock, y: clock.y, size: 13, color: Theme.textDim)
    }

    /// The bottom bar: buttons, the volume slider and the call layout's name.
    private static func drawControlBar(_ ctx: DrawContext, _ m: RoomViewModel, hovered: RoomControl?) {
        let r = ctx.renderer
        let barH = Int32(m.barHeight), barY = Int32(m.stage.h) - barH
        for i in 0..<barH {
            r.fill(SDL_Rect(Int32(m.stage.x), barY + i, Int32(m.stage.w), 1), Color(r: 0, g: 0, b: 0, a: UInt8(190 * i / barH)))
        }
        for b in m.buttons {
            Button.draw(ctx, icon: b.glyph, in: SDL_Rect(b.rect), hovered: hovered == b.control, active: b.active,
                        tint: b.alert ? Theme.error : Theme.text)
        }
        if let t = m.volumeTrack {
            VolumeSlider.draw(ctx, track: SDL_Rect(t), value: m.muted ? 0 : m.volume, hovered: hovered == .volume,
                              fromRight: m.direction == .rightToLeft)
        }
        if let label = m.layoutLabel {
            let y = Int32(label.rect.y) + (Int32(label.rect.h) - ctx.text.fonts.font(13).lineHeight) / 2
            ctx.drawLeading(label.text, in: SDL_Rect(label.rect), y: y, size: 13, color: Theme.textDim)
        }
    }

    /// The room plays in the float: say so rather than show a still picture.
    private static func drawInFloatNotice(_ ctx: DrawContext, _ stage: SDL_Rect) {
        let icon = SDL_Rect(stage.x + stage.w / 2 - ctx.px(28), stage.y + stage.h / 2 - ctx.px(48), ctx.px(56), ctx.px(56))
        Glyph.pip.draw(ctx.renderer, in: icon, color: Theme.accent)
        ctx.text.drawCentered(ShellLabels.playingInPiP, in: SDL_Rect(stage.x, icon.y + icon.h + ctx.px(8), stage.w, ctx.px(28)),
                              size: 15, bold: true, color: Theme.text)
    }

    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    private static func drawCall(_ ctx: DrawContext, _ m: RoomViewModel, hovered: RoomControl?,
                                 drawVideo: (Int, SDL_Rect, Bool) -> Bool) {
        let r = ctx.renderer
        let lineHeight = ctx.text.fonts.font(13, bold: true).lineHeight
        for tile in m.tiles {
            let rect = SDL_Rect(tile.rect)
            // The picture fills the tile but its ring, so the background is filled around it, not under it.
            let had = drawVideo(tile.index, rect.inset(ctx.px(2)), true)
            if had {
                r.fillRoundedRing(rect, radius: ctx.px(Theme.radius), width: ctx.px(2), Theme.surface)
            } else {
                r.fillRounded(rect, radius: ctx.px(Theme.radius), Theme.surface)
            }
            StatusOverlay.draw(ctx, tile.overlay, hasFrame: had, retryHovered: hovered == .retrySource(tile.index))
            if m.participants[tile.index].isSpeaking {
                for k in 0..<ctx.px(3) { r.outline(rect.inset(k), Theme.ok) }
            }
            if let big = tile.cameraOffName {
                // The camera is off: the name, large, over a plain tile (W10).
                r.fillRounded(rect.inset(ctx.px(2)), radius: ctx.px(Theme.radius), Theme.surface)
                ctx.text.drawCentered(big.text, in: SDL_Rect(big.rect), size: 22, bold: true, color: Theme.text)
            }
            r.fillRounded(SDL_Rect(tile.tag), radius: ctx.px(6), Theme.scrim)
            if let marker = tile.mutedMarker { Glyph.micOff.draw(r, in: SDL_Rect(marker), color: Theme.error) }
            let name = SDL_Rect(tile.name.rect)
            ctx.drawLeading(tile.name.text, in: name, y: name.y + (name.h - lineHeight) / 2, size: 13, bold: true, color: Theme.text)
        }
    }

    /// The joined call's self view: the picture sent, mirrored, or the name while the camera is off.
    private static func drawSelfView(_ ctx: DrawContext, _ view: RoomViewModel.SelfView, drawSelf: (SDL_Rect) -> Bool) {
        let r = ctx.renderer
        let rect = SDL_Rect(view.rect)
        r.fillRounded(rect, radius: ctx.px(Theme.radius), Theme.surface)
        if view.cameraOff || !drawSelf(rect.inset(ctx.px(2))) {
            ctx.text.drawCentered(view.name.text, in: SDL_Rect(rect.x, rect.y + rect.h / 2 - ctx.px(14), rect.w, ctx.px(28)),
                                  size: 15, bold: true, color: Theme.text)
        }
        for k in 0..<ctx.px(1) { r.outline(rect.inset(k), Theme.border) }
        r.fillRounded(SDL_Rect(view.tag), radius: ctx.px(5), Theme.scrim)
        if let marker = view.mutedMarker { Glyph.micOff.draw(r, in: SDL_Rect(marker), color: Theme.error) }
        let name = SDL_Rect(view.name.rect)
        ctx.drawLeading(view.name.text, in: name, y: name.y + (name.h - ctx.text.fonts.font(11, bold: true).lineHeight) / 2,
                        size: 11, bold: true, color: Theme.text)
    }

    private static func drawParticipantList(_ ctx: DrawContext, _ m: RoomViewModel, in panel: SDL_Rect) {
        let r = ctx.renderer
        r.fill(panel, Theme.surface)
        // The border faces the stage: the panel's left edge, or its right in a right-to-left view.
        r.fill(ctx.place(SDL_Rect(panel.x, panel.y, 1, panel.h), in: panel), Theme.border)
        let pad = ctx.px(Theme.padding)
        ctx.drawLeading(ShellLabels.participants(m.participants.count),
                        in: SDL_Rect(panel.x + pad, ctx.px(64), panel.w - 2 * pad, ctx.px(24)), y: ctx.px(64),
                        size: 15, bold: true, color: Theme.text)
        for p in m.participants {
            guard let row = p.row.map(SDL_Rect.init) else { continue }
            if p.isSpeaking { r.fillRounded(row, radius: ctx.px(6), Theme.surfaceSelected) }
            let avatar = ctx.place(SDL_Rect(row.x + ctx.px(8), row.y, ctx.px(20), row.h), in: row)
            r.fillCircle(cx: avatar.x + avatar.w / 2, cy: row.y + row.h / 2, radius: ctx.px(10), Theme.accent.withAlpha(90))
            let initial = String(p.name.prefix(1)).uppercased()
            ctx.text.drawCentered(initial, in: avatar, size: 11, bold: true, color: Theme.text)
            let name = ctx.place(SDL_Rect(row.x + ctx.px(36), row.y, row.w - ctx.px(90), row.h), in: row)
            ctx.drawLeading(p.name, in: name, y: row.y + (row.h - ctx.text.fonts.font(13).lineHeight) / 2, size: 13, color: Theme.text)
            let frac = Float(p.meter)
            let meter = ctx.place(SDL_Rect(row.x + row.w - ctx.px(46), row.y + row.h / 2 - ctx.px(3), ctx.px(36), ctx.px(6)), in: row)
            r.fillRounded(meter, radius: ctx.px(3), Theme.border)
            let level = SDL_Rect(meter.x, meter.y, max(ctx.px(6), Int32(Float(meter.w) * frac)), meter.h)
            r.fillRounded(ctx.place(level, in: meter), radius: ctx.px(3), p.isSpeaking ? Theme.ok : Theme.textDim)
        }
    }
}
