import CSDL

/// One row of the room list, as shown (W1).
struct RoomRowModel: Equatable {
    enum Status: Equatable {
        case idle, connecting, playing, onAir, floating, reconnecting, ended, error

        var label: String {
            switch self {
            case .idle: return "Idle"
            case .connecting: return "Connecting"
            case .playing: return "Playing"
            case .onAir: return "On air"
            case .floating: return "Floating"
            case .reconnecting: return "Reconnecting"
            case .ended: return "Ended"
            case .error: return "Error"
            }
        }

        var color: Color {
            switch self {
            case .idle, .ended: return Theme.textDim
            case .connecting, .reconnecting: return Theme.warn
            case .playing: return Theme.ok
            case .onAir: return Theme.live
            case .floating: return Theme.accent
            case .error: return Theme.error
            }
        }
    }

    let id: String
    let title: String
    let isCall: Bool
    let isHost: Bool
    let detail: String
    let status: Status
}

/// The scrollable room list of the main window (W1): mouse, wheel and keys.
@MainActor
struct RoomListView {
    var selected = 0
    var scrollOffset: Int32 = 0
    var hovered: Int?

    static let rowHeight: Int32 = 64
    static let headerHeight: Int32 = 64

    /// The row rects for a window of the given size, before scrolling.
    private func rowRect(_ i: Int, _ ctx: DrawContext, width: Int32) -> SDL_Rect {
        let pad = ctx.px(Theme.padding)
        let h = ctx.px(Self.rowHeight)
        let top = ctx.px(Self.headerHeight) + pad / 2
        return SDL_Rect(pad, top + Int32(i) * (h + ctx.px(8)) - scrollOffset, width - 2 * pad, h)
    }

    func draw(_ ctx: DrawContext, rows: [RoomRowModel], width: Int32, height: Int32) {
        let r = ctx.renderer
        r.clear(Theme.background)
        let visibleTop = ctx.px(Self.headerHeight)
        for (i, row) in rows.enumerated() {
            let rect = rowRect(i, ctx, width: width)
            if rect.y + rect.h < visibleTop || rect.y > height { continue }
            drawRow(ctx, row, in: rect, isSelected: i == selected, isHovered: i == hovered)
        }
        // Header over the scrolled rows.
        r.fill(SDL_Rect(0, 0, width, visibleTop), Theme.background)
        r.fill(SDL_Rect(0, visibleTop - 1, width, 1), Theme.border)
        let pad = ctx.px(Theme.padding)
        let titleH = ctx.text.fonts.font(24, bold: true).lineHeight
        ctx.text.draw("FloatApp", x: pad, y: (visibleTop - titleH) / 2, size: 24, bold: true, color: Theme.text)
        let count = "\(rows.count) room\(rows.count == 1 ? "" : "s")"
        let cw = ctx.text.fonts.font(13).width(of: count)
        ctx.text.draw(count, x: width - pad - cw, y: (visibleTop - ctx.text.fonts.font(13).lineHeight) / 2,
                      size: 13, color: Theme.textDim)
        if rows.isEmpty {
            ctx.text.drawCentered("No rooms", in: SDL_Rect(0, visibleTop, width, height - visibleTop),
                                  size: 18, color: Theme.textDim)
        }
        drawScrollbar(ctx, rows: rows.count, width: width, height: height)
    }

    private func drawRow(_ ctx: DrawContext, _ row: RoomRowModel, in rect: SDL_Rect, isSelected: Bool, isHovered: Bool) {
        let r = ctx.renderer
        let bg = isSelected ? Theme.surfaceSelected : (isHovered ? Theme.surfaceHover : Theme.surface)
        r.fillRounded(rect, radius: ctx.px(Theme.radius), bg)
        if isSelected {
            r.fillRounded(SDL_Rect(rect.x, rect.y + ctx.px(10), ctx.px(4), rect.h - ctx.px(20)), radius: ctx.px(2), Theme.accent)
        }
        // Kind badge.
        let d = rect.h - ctx.px(24)
        let badge = SDL_Rect(rect.x + ctx.px(16), rect.y + ctx.px(12), d, d)
        r.fillRounded(badge, radius: d / 2, row.isCall ? Theme.accent.withAlpha(60) : Theme.live.withAlpha(60))
        (row.isCall ? Icon.people : Icon.live).draw(r, in: badge.inset(d / 5), color: row.isCall ? Theme.accent : Theme.live)
        // Texts.
        let tx = badge.x + badge.w + ctx.px(14)
        let pillW = ctx.px(116)
        let maxW = rect.x + rect.w - tx - pillW - ctx.px(24)
        ctx.text.drawFitting(row.title, x: tx, y: rect.y + ctx.px(11), maxWidth: maxW, size: 15, bold: true, color: Theme.text)
        ctx.text.drawFitting(row.detail, x: tx, y: rect.y + ctx.px(35), maxWidth: maxW, size: 13, color: Theme.textDim)
        // Status pill.
        let pillH = ctx.px(26)
        let pill = SDL_Rect(rect.x + rect.w - pillW - ctx.px(16), rect.y + (rect.h - pillH) / 2, pillW, pillH)
        r.fillRounded(pill, radius: pillH / 2, row.status.color.withAlpha(40))
        r.fillCircle(cx: pill.x + ctx.px(14), cy: pill.y + pillH / 2, radius: ctx.px(4), row.status.color)
        ctx.text.draw(row.status.label, x: pill.x + ctx.px(26),
                      y: pill.y + (pillH - ctx.text.fonts.font(13, bold: true).lineHeight) / 2,
                      size: 13, bold: true, color: row.status.color)
    }

    private func drawScrollbar(_ ctx: DrawContext, rows: Int, width: Int32, height: Int32) {
        let content = contentHeight(ctx, rows: rows)
        let view = height - ctx.px(Self.headerHeight)
        guard content > view, view > 0 else { return }
        let barH = max(ctx.px(24), view * view / content)
        let y = ctx.px(Self.headerHeight) + (view - barH) * scrollOffset / max(1, content - view)
        ctx.renderer.fillRounded(SDL_Rect(width - ctx.px(6), y, ctx.px(4), barH), radius: ctx.px(2), Theme.border)
    }

    private func contentHeight(_ ctx: DrawContext, rows: Int) -> Int32 {
        Int32(rows) * (ctx.px(Self.rowHeight) + ctx.px(8)) + ctx.px(Theme.padding)
    }

    /// The row under a point in window pixels.
    func row(at x: Int32, _ y: Int32, _ ctx: DrawContext, rows: Int, width: Int32) -> Int? {
        guard y >= ctx.px(Self.headerHeight) else { return nil }
        return (0..<rows).first { rowRect($0, ctx, width: width).contains(x, y) }
    }

    /// Scrolls by wheel steps, clamped to the content.
    mutating func scroll(by steps: Int32, _ ctx: DrawContext, rows: Int, height: Int32) {
        scrollOffset += steps * ctx.px(48)
        clampScroll(ctx, rows: rows, height: height)
    }

    /// Moves the keyboard selection and keeps it in view.
    mutating func moveSelection(by delta: Int, _ ctx: DrawContext, rows: Int, height: Int32) {
        guard rows > 0 else { return }
        selected = max(0, min(rows - 1, selected + delta))
        let rowSpan = ctx.px(Self.rowHeight) + ctx.px(8)
        let top = Int32(selected) * rowSpan
        let view = height - ctx.px(Self.headerHeight) - ctx.px(Theme.padding)
        if top < scrollOffset { scrollOffset = top }
        if top + rowSpan > scrollOffset + view { scrollOffset = top + rowSpan - view }
        clampScroll(ctx, rows: rows, height: height)
    }

    private mutating func clampScroll(_ ctx: DrawContext, rows: Int, height: Int32) {
        let maxOffset = max(0, contentHeight(ctx, rows: rows) - (height - ctx.px(Self.headerHeight)))
        scrollOffset = max(0, min(maxOffset, scrollOffset))
    }
}
