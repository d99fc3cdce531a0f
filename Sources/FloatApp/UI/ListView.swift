import AppCore
import CSDL

/// Paints the room list (W1) from its view model.
@MainActor
enum ListView {
    static func draw(_ ctx: DrawContext, _ m: ListViewModel, fields: TextFieldView, width: Int32, height: Int32) {
        let r = ctx.renderer
        r.clear(Theme.background)
        for row in m.rows { drawRow(ctx, row) }
        for section in m.sections { drawSection(ctx, section) }
        // Header over the scrolled rows.
        let top = Int32(m.headerHeight)
        r.fill(SDL_Rect(0, 0, width, top), Theme.background)
        r.fill(SDL_Rect(0, top - 1, width, 1), Theme.border)
        let titleH = ctx.text.fonts.font(24, bold: true).lineHeight
        ctx.drawLeading("FloatApp", in: SDL_Rect(m.titleBox), y: (top - titleH) / 2, size: 24, bold: true, color: Theme.text)
        ctx.drawTrailing(m.countLabel, in: SDL_Rect(m.countBox), y: (top - ctx.text.fonts.font(13).lineHeight) / 2,
                         size: 13, color: Theme.textDim)
        fields.draw(ctx, m.field)
        drawAddButton(ctx, SDL_Rect(m.addButton), pressed: m.locationOpen)
        if m.isEmpty || m.noneMatch {
            ctx.text.drawCentered(m.isEmpty ? ShellLabels.noRooms : ShellLabels.noRoomsMatch,
                                  in: SDL_Rect(0, top, width, height - top), size: 18, color: Theme.textDim)
        }
        if let bar = m.scrollbar { r.fillRounded(SDL_Rect(bar), radius: ctx.px(2), Theme.border) }
        if let notice = m.notice { drawNotice(ctx, notice) }
    }

    /// Why the user's rooms file is not listed (R6): its problems with their places, over the
    /// bottom of the list.
    private static func drawNotice(_ ctx: DrawContext, _ notice: ListNotice) {
        let rect = SDL_Rect(notice.rect)
        ctx.renderer.fillRounded(rect, radius: ctx.px(Theme.radius), Theme.surface)
        ctx.renderer.fillRounded(SDL_Rect(rect.x, rect.y, ctx.px(4), rect.h), radius: ctx.px(2), Theme.error)
        let box = rect.inset(ctx.px(10))
        for (i, line) in notice.lines.enumerated() {
            ctx.drawLeading(line, in: box, y: box.y + Int32(i * notice.lineHeight), size: 13, bold: i == 0,
                            color: i == 0 ? Theme.error : Theme.text)
        }
    }

    /// The "+" button that opens the location field (W12): a plus, on the accent while open.
    private static func drawAddButton(_ ctx: DrawContext, _ r: SDL_Rect, pressed: Bool) {
        guard r.w > 0 else { return }
        ctx.renderer.fillRounded(r, radius: ctx.px(Theme.radius), pressed ? Theme.accent : Theme.surface)
        let arm = r.w * 2 / 5, bar = max(2, ctx.px(2))
        let cx = r.x + r.w / 2, cy = r.y + r.h / 2
        ctx.renderer.fill(SDL_Rect(cx - arm / 2, cy - bar / 2, arm, bar), Theme.text)
        ctx.renderer.fill(SDL_Rect(cx - bar / 2, cy - arm / 2, bar, arm), Theme.text)
    }

    /// A section header: "Opened", "Rooms" (R6) or a live server's title, or why it cannot be reached (W8).
    private static func drawSection(_ ctx: DrawContext, _ section: SectionHeaderModel) {
        let rect = SDL_Rect(section.rect)
        let lineH = ctx.text.fonts.font(14, bold: true).lineHeight
        ctx.drawLeading(section.text, in: rect.inset(ctx.px(4)), y: rect.y + rect.h - lineH - ctx.px(8), size: 14, bold: true,
                        color: section.isUnreachable ? Theme.error : Theme.textDim)
        ctx.renderer.fill(SDL_Rect(rect.x, rect.y + rect.h - 1, rect.w, 1), Theme.border)
    }

    private static func drawRow(_ ctx: DrawContext, _ row: RoomRowModel) {
        let r = ctx.renderer
        let rect = SDL_Rect(row.rect)
        let bg = row.isSelected ? Theme.surfaceSelected : (row.isHovered ? Theme.surfaceHover : Theme.surface)
        r.fillRounded(rect, radius: ctx.px(Theme.radius), bg)
        if row.isSelected {
            let mark = SDL_Rect(rect.x, rect.y + ctx.px(10), ctx.px(4), rect.h - ctx.px(20))
            r.fillRounded(ctx.place(mark, in: rect), radius: ctx.px(2), Theme.accent)
        }
        // Kind badge.
        let badge = SDL_Rect(row.badge), d = badge.w
        let (glyph, tint) = row.isCall ? (Glyph.people, Theme.accent) : row.isRecording ? (.recording, Theme.textDim) : (.live, Theme.live)
        if Theme.palette.tintsLabels {
            r.fillRounded(badge, radius: d / 2, tint.withAlpha(60))
            glyph.draw(r, in: badge.inset(d / 5), color: tint)
        } else {
            // High contrast: the glyph in the text's colour reads on any row's fill.
            glyph.draw(r, in: badge.inset(d / 5), color: Theme.text)
        }
        // Texts.
        let text = SDL_Rect(row.text)
        ctx.drawLeading(row.title, in: text, y: rect.y + ctx.px(11), size: 15, bold: true, color: Theme.text)
        ctx.drawLeading(row.detail, in: text, y: rect.y + ctx.px(35), size: 13, color: Theme.textDim)
        // Status pill: its dot at the leading side.
        let pill = SDL_Rect(row.pill), pillH = pill.h
        let color = row.status.color
        r.fillRounded(pill, radius: pillH / 2, color.withAlpha(40))
        let dot = ctx.place(SDL_Rect(pill.x + ctx.px(10), pill.y + pillH / 2 - ctx.px(4), ctx.px(8), ctx.px(8)), in: pill)
        r.fillCircle(cx: dot.x + dot.w / 2, cy: pill.y + pillH / 2, radius: ctx.px(4), color)
        let label = ctx.place(SDL_Rect(pill.x + ctx.px(26), pill.y, pill.w - ctx.px(32), pillH), in: pill)
        ctx.drawLeading(row.status.label, in: label, y: pill.y + (pillH - ctx.text.fonts.font(13, bold: true).lineHeight) / 2,
                        size: 13, bold: true, color: Theme.palette.tintsLabels ? color : Theme.text)
    }
}

@MainActor
extension RoomRowModel.Status {
    /// The pill's colour.
    var color: Color {
        switch self {
        case .idle, .ended: Theme.textDim
        case .connecting, .reconnecting: Theme.warn
        case .playing: Theme.ok
        case .onAir: Theme.live
        case .floating: Theme.accent
        case .error: Theme.error
        }
    }
}
