import AppCore
import CSDL

/// Paints a source's status over its picture (W5) from its laid-out model: spinner,
/// captions, and the Retry button of a failure.
@MainActor
enum StatusOverlay {
    /// Paints `overlay` (nothing while playing); `hasFrame` says whether a picture is under it.
    static func draw(_ ctx: DrawContext, _ overlay: StatusOverlayModel?, hasFrame: Bool, retryHovered: Bool = false) {
        guard let overlay else { return }
        let r = ctx.renderer
        if overlay.dims || !hasFrame { r.fill(SDL_Rect(overlay.area), hasFrame ? Theme.scrim : Theme.black) }
        if let s = overlay.spinner {
            r.spinner(cx: Int32(s.x), cy: Int32(s.y), radius: Int32(s.radius), t: ctx.time, color(s.tone))
        }
        for c in overlay.captions {
            let size = Int32(c.style.size)
            let y = Int32(c.rect.y) + (Int32(c.rect.h) - ctx.text.fonts.font(size, bold: c.style.bold).lineHeight) / 2
            ctx.text.drawFitting(c.text, x: Int32(c.rect.x), y: y, maxWidth: Int32(c.rect.w), size: size,
                                 bold: c.style.bold, color: color(c.tone))
        }
        if let retry = overlay.retry { Button.drawLabel(ctx, overlay.retryLabel, icon: .retry, in: SDL_Rect(retry), hovered: retryHovered) }
    }

    private static func color(_ tone: StatusOverlayModel.Tone) -> Color {
        switch tone {
        case .text: Theme.text
        case .dim: Theme.textDim
        case .warn: Theme.warn
        case .error: Theme.error
        }
    }
}
