import CSDL

/// Short notices at the bottom of the main window (refusals, notices).
struct Toasts {
    private(set) var items: [(message: String, until: Double)] = []

    mutating func show(_ message: String, now: Double, duration: Double = 4) {
        items.removeAll { $0.message == message }
        items.append((message, now + duration))
        if items.count > 3 { items.removeFirst(items.count - 3) }
    }

    /// Drops expired toasts; says whether any remain.
    mutating func prune(now: Double) -> Bool {
        items.removeAll { $0.until <= now }
        return !items.isEmpty
    }

    @MainActor
    func draw(_ ctx: DrawContext, width: Int32, height: Int32, bottomInset: Int32) {
        var y = height - bottomInset - ctx.px(16)
        for item in items.reversed() {
            let font = ctx.text.fonts.font(15)
            let w = min(width - ctx.px(32), font.width(of: item.message) + ctx.px(40))
            let h = ctx.px(40)
            y -= h
            let rect = SDL_Rect((width - w) / 2, y, w, h)
            let fade = min(1, max(0, (item.until - ctx.time) / 0.3))
            ctx.renderer.fillRounded(rect, radius: h / 2, Color(r: 0x30, g: 0x34, b: 0x3e, a: UInt8(240 * fade)))
            ctx.text.drawFitting(item.message, x: rect.x + ctx.px(20), y: rect.y + (h - font.lineHeight) / 2,
                                 maxWidth: w - ctx.px(40), size: 15, color: Theme.text)
            y -= ctx.px(8)
        }
    }
}
