import CSDL
import PiPLayout
import Playback

/// A participant tile's content, as shown.
struct ParticipantModel: Equatable {
    let name: String
    let level: Float
    let isSpeaking: Bool
    let status: PlaybackStatus
}

/// What the full view of a room shows (W3, W4, W5).
struct RoomViewModel {
    let title: String
    let isCall: Bool
    let isHost: Bool
    let status: PlaybackStatus
    let elapsed: Double
    let muted: Bool
    let volume: Float
    let pipAvailable: Bool
    let layout: CallLayout
    let participants: [ParticipantModel]
    let activeSpeaker: Int
    let showParticipantList: Bool
    let controlsVisible: Bool
}

/// The controls of the full view.
enum RoomControl: Equatable {
    case pip, mute, volume, leave, layout(CallLayout), participants, retry, back
}

/// Draws a room's full view into the main window and reports its controls.
@MainActor
enum RoomView {
    /// Heights of the title overlay and the control bar, in unscaled pixels.
    static let titleOverlayHeight: Int32 = 56
    static let controlBarHeight: Int32 = 64

    /// Draws the view; `drawVideo(i, rect, fill)` draws participant i (0 for live) and says whether it had a frame.
    static func draw(_ ctx: DrawContext, _ m: RoomViewModel, width: Int32, height: Int32, hovered: RoomControl?,
                     drawVideo: (Int, SDL_Rect, Bool) -> Bool) -> [Hotspot<RoomControl>] {
        let r = ctx.renderer
        r.clear(Theme.black)
        var spots: [Hotspot<RoomControl>] = []
        let panelW: Int32 = (m.isCall && m.showParticipantList) ? ctx.px(240) : 0
        let stage = SDL_Rect(0, 0, width - panelW, height)

        if m.isCall {
            drawCall(ctx, m, stage: stage, drawVideo: drawVideo)
        } else {
            let had = drawVideo(0, stage, false)
            if let retry = StatusOverlay.draw(ctx, m.status, in: stage, hasFrame: had, compact: false, retryHovered: hovered == .retry) {
                spots.append(Hotspot(rect: retry, target: .retry))
            }
        }
        if panelW > 0 { drawParticipantList(ctx, m, in: SDL_Rect(width - panelW, 0, panelW, height)) }

        guard m.controlsVisible else { return spots }
        // Top overlay: title, LIVE badge, elapsed time.
        let topH = ctx.px(titleOverlayHeight)
        for i in 0..<topH { r.fill(SDL_Rect(0, i, stage.w, 1), Color(r: 0, g: 0, b: 0, a: UInt8(170 * (topH - i) / topH))) }
        var x = ctx.px(Theme.padding)
        let badgeFont = ctx.text.fonts.font(11, bold: true)
        if !m.isCall || m.isHost {
            let label = m.isHost ? "ON AIR" : "LIVE"
            let bw = badgeFont.width(of: label) + ctx.px(14)
            let badge = SDL_Rect(x, ctx.px(16), bw, ctx.px(20))
            r.fillRounded(badge, radius: ctx.px(4), Theme.live)
            ctx.text.drawCentered(label, in: badge, size: 11, bold: true, color: Theme.text)
            x += bw + ctx.px(10)
        }
        let titleMax = stage.w - x - ctx.px(120)
        // A soft shadow keeps the title readable over bright video.
        ctx.text.drawFitting(m.title, x: x + 1, y: ctx.px(15) + 1, maxWidth: titleMax, size: 18, bold: true, color: Theme.black.withAlpha(200))
        ctx.text.drawFitting(m.title, x: x, y: ctx.px(15), maxWidth: titleMax, size: 18, bold: true, color: Theme.text)
        let elapsed = Self.clock(m.elapsed)
        let ew = ctx.text.fonts.font(13).width(of: elapsed)
        ctx.text.draw(elapsed, x: stage.w - ew - ctx.px(Theme.padding), y: ctx.px(19), size: 13, color: Theme.textDim)

        // Bottom control bar.
        let barH = ctx.px(controlBarHeight)
        let barY = height - barH
        for i in 0..<barH { r.fill(SDL_Rect(0, barY + i, stage.w, 1), Color(r: 0, g: 0, b: 0, a: UInt8(190 * i / barH))) }
        let b = ctx.px(40)
        let by = barY + (barH - b) / 2
        var bx = ctx.px(Theme.padding)
        func button(_ icon: Icon, _ c: RoomControl, active: Bool = false, tint: Color = Theme.text) {
            let rect = SDL_Rect(bx, by, b, b)
            Button.draw(ctx, icon: icon, in: rect, hovered: hovered == c, active: active, tint: tint)
            spots.append(Hotspot(rect: rect, target: c))
            bx += b + ctx.px(10)
        }
        if m.isHost { button(.back, .back) }  // browse the list while the broadcast goes on
        if m.pipAvailable { button(.pip, .pip) }
        button(m.muted ? .muted : .unmuted, .mute, tint: m.muted ? Theme.error : Theme.text)
        // Volume slider.
        let sw = ctx.px(110)
        let track = SDL_Rect(bx, by + b / 2 - ctx.px(2), sw, ctx.px(4))
        r.fillRounded(track, radius: ctx.px(2), Theme.border)
        let filled = Int32(Float(sw) * (m.muted ? 0 : m.volume))
        r.fillRounded(SDL_Rect(track.x, track.y, max(ctx.px(4), filled), track.h), radius: ctx.px(2), Theme.accent)
        r.fillCircle(cx: track.x + filled, cy: track.y + track.h / 2, radius: ctx.px(hovered == .volume ? 8 : 6), Theme.text)
        spots.append(Hotspot(rect: SDL_Rect(bx - ctx.px(6), by, sw + ctx.px(12), b), target: .volume))
        bx += sw + ctx.px(18)
        if m.isCall {
            let next = m.layout.next
            button(.layout, .layout(next))
            let label = m.layout.title
            ctx.text.draw(label, x: bx - ctx.px(4), y: by + (b - ctx.text.fonts.font(13).lineHeight) / 2, size: 13, color: Theme.textDim)
            bx += ctx.text.fonts.font(13).width(of: label) + ctx.px(12)
            button(.people, .participants, active: m.showParticipantList)
        }
        // Leave, at the right.
        let leave = SDL_Rect(stage.w - b - ctx.px(Theme.padding), by, b, b)
        Button.draw(ctx, icon: .leave, in: leave, hovered: hovered == .leave, tint: Theme.error)
        spots.append(Hotspot(rect: leave, target: .leave))
        return spots
    }

    /// The value a click at `x` sets on the volume slider whose hotspot is `rect`.
    static func volume(at x: Int32, in rect: SDL_Rect, _ ctx: DrawContext) -> Float {
        let inner = rect.w - ctx.px(12)
        return max(0, min(1, Float(x - rect.x - ctx.px(6)) / Float(max(1, inner))))
    }

    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    private static func drawCall(_ ctx: DrawContext, _ m: RoomViewModel, stage: SDL_Rect, drawVideo: (Int, SDL_Rect, Bool) -> Bool) {
        let r = ctx.renderer
        let gap = ctx.px(8)
        // Tiles keep clear of the title overlay and the control bar, so no control covers a name tag.
        let top = ctx.px(titleOverlayHeight), bottom = ctx.px(controlBarHeight), side = ctx.px(12)
        let area = SDL_Rect(stage.x + side, stage.y + top, max(0, stage.w - 2 * side), max(0, stage.h - top - bottom))
        for (i, rect) in CallTiles.layout(m.layout, count: m.participants.count, active: m.activeSpeaker, in: area, gap: gap) {
            let p = m.participants[i]
            r.fillRounded(rect, radius: ctx.px(Theme.radius), Theme.surface)
            let had = drawVideo(i, rect.inset(ctx.px(2)), true)
            if p.status != .playing {
                StatusOverlay.draw(ctx, p.status, in: rect.inset(ctx.px(2)), hasFrame: had, compact: true)
            }
            if p.isSpeaking {
                for k in 0..<ctx.px(3) { r.outline(rect.inset(k), Theme.ok) }
            }
            // Name tag.
            let font = ctx.text.fonts.font(13, bold: true)
            let tw = font.width(of: p.name) + ctx.px(16)
            let tag = SDL_Rect(rect.x + ctx.px(8), rect.y + rect.h - ctx.px(30), min(tw, rect.w - ctx.px(16)), ctx.px(22))
            r.fillRounded(tag, radius: ctx.px(6), Theme.scrim)
            ctx.text.drawFitting(p.name, x: tag.x + ctx.px(8), y: tag.y + (tag.h - font.lineHeight) / 2, maxWidth: tag.w - ctx.px(12), size: 13, bold: true, color: Theme.text)
        }
    }

    private static func drawParticipantList(_ ctx: DrawContext, _ m: RoomViewModel, in panel: SDL_Rect) {
        let r = ctx.renderer
        r.fill(panel, Theme.surface)
        r.fill(SDL_Rect(panel.x, panel.y, 1, panel.h), Theme.border)
        let pad = ctx.px(Theme.padding)
        ctx.text.draw("Participants (\(m.participants.count))", x: panel.x + pad, y: ctx.px(64), size: 15, bold: true, color: Theme.text)
        var y = ctx.px(100)
        for p in m.participants {
            let row = SDL_Rect(panel.x + ctx.px(8), y, panel.w - ctx.px(16), ctx.px(40))
            if p.isSpeaking { r.fillRounded(row, radius: ctx.px(6), Theme.surfaceSelected) }
            r.fillCircle(cx: row.x + ctx.px(18), cy: row.y + row.h / 2, radius: ctx.px(10), Theme.accent.withAlpha(90))
            let initial = String(p.name.prefix(1)).uppercased()
            ctx.text.drawCentered(initial, in: SDL_Rect(row.x + ctx.px(8), row.y, ctx.px(20), row.h), size: 11, bold: true, color: Theme.text)
            ctx.text.drawFitting(p.name, x: row.x + ctx.px(36), y: row.y + (row.h - ctx.text.fonts.font(13).lineHeight) / 2,
                                 maxWidth: row.w - ctx.px(90), size: 13, color: Theme.text)
            // Level meter from dBFS (-60...0).
            let frac = max(0, min(1, (p.level + 60) / 60))
            let meter = SDL_Rect(row.x + row.w - ctx.px(46), row.y + row.h / 2 - ctx.px(3), ctx.px(36), ctx.px(6))
            r.fillRounded(meter, radius: ctx.px(3), Theme.border)
            r.fillRounded(SDL_Rect(meter.x, meter.y, max(ctx.px(6), Int32(Float(meter.w) * frac)), meter.h), radius: ctx.px(3), p.isSpeaking ? Theme.ok : Theme.textDim)
            y += row.h + ctx.px(4)
        }
    }
}

/// Tile rectangles for the call layouts (W4).
enum CallTiles {
    /// Rects by participant index for `layout`, inside `area`.
    static func layout(_ layout: CallLayout, count: Int, active: Int, in area: SDL_Rect, gap: Int32) -> [(Int, SDL_Rect)] {
        guard count > 0 else { return [] }
        let active = min(max(0, active), count - 1)
        switch layout {
        case .tile:
            return grid(Array(0..<count), in: area, gap: gap)
        case .spotlight:
            return [(active, area)]
        case .sidebar:
            let others = (0..<count).filter { $0 != active }
            guard !others.isEmpty else { return [(active, area)] }
            let stripW = max(area.w / 5, 120)
            let main = SDL_Rect(area.x, area.y, area.w - stripW - gap, area.h)
            let th = min((area.h - gap * Int32(others.count - 1)) / Int32(others.count), stripW * 9 / 16)
            var out = [(active, main)]
            for (k, i) in others.enumerated() {
                out.append((i, SDL_Rect(area.x + area.w - stripW, area.y + Int32(k) * (th + gap), stripW, th)))
            }
            return out
        }
    }

    private static func grid(_ indices: [Int], in area: SDL_Rect, gap: Int32) -> [(Int, SDL_Rect)] {
        let n = indices.count
        // Pick the column count that makes 16:9 tiles largest.
        var best = (cols: 1, w: Int32(0), h: Int32(0))
        for cols in 1...n {
            let rows = (n + cols - 1) / cols
            let cw = (area.w - gap * Int32(cols - 1)) / Int32(cols)
            let ch = (area.h - gap * Int32(rows - 1)) / Int32(rows)
            let w = min(cw, ch * 16 / 9)
            if w > best.w { best = (cols, w, w * 9 / 16) }
        }
        let cols = best.cols, rows = (n + cols - 1) / cols
        let totalH = Int32(rows) * best.h + Int32(rows - 1) * gap
        var out: [(Int, SDL_Rect)] = []
        for (k, i) in indices.enumerated() {
            let row = k / cols, col = k % cols
            let inRow = min(cols, n - row * cols)
            let rowW = Int32(inRow) * best.w + Int32(inRow - 1) * gap
            let x = area.x + (area.w - rowW) / 2 + Int32(col) * (best.w + gap)
            let y = area.y + (area.h - totalH) / 2 + Int32(row) * (best.h + gap)
            out.append((i, SDL_Rect(x, y, best.w, best.h)))
        }
        return out
    }
}
