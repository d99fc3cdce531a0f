import AppCore
import CSDL

/// Paints the toasts at the bottom of the main window from their view models.
@MainActor
enum ToastView {
    static func draw(_ ctx: DrawContext, _ toasts: [ToastModel]) {
        let lineHeight = ctx.text.fonts.font(15).lineHeight
        for t in toasts {
            let pill = SDL_Rect(t.pill), text = SDL_Rect(t.text)
            ctx.renderer.fillRounded(pill, radius: pill.h / 2, Theme.toast.withAlpha(UInt8(240 * t.opacity)))
            ctx.text.drawFitting(t.message, x: text.x, y: text.y + (text.h - lineHeight) / 2, maxWidth: text.w,
                                 size: 15, color: Theme.text)
            if let action = t.action, let button = t.button { drawButton(ctx, action.label, SDL_Rect(button), opacity: t.opacity) }
        }
    }

    /// A toast's button: its label on an accent pill.
    private static func drawButton(_ ctx: DrawContext, _ label: String, _ rect: SDL_Rect, opacity: Double) {
        ctx.renderer.fillRounded(rect, radius: rect.h / 2, Theme.accent.withAlpha(UInt8(200 * opacity)))
        ctx.text.drawCentered(label, in: rect, size: 15, bold: true, color: Theme.text)
    }
}
