import CSDL
import PiPLayout

/// Draws a room's playback status over its video (W5): spinner, percent,
/// reconnect countdown, ended, or the error with a Retry control.
@MainActor
enum StatusOverlay {
    /// Draws the status in `area`; `retry` is where its view laid out the Retry button.
    static func draw(_ ctx: DrawContext, _ status: PlaybackStatus, in area: SDL_Rect, hasFrame: Bool,
                     compact: Bool, retry: SDL_Rect? = nil, retryHovered: Bool = false) {
        let r = ctx.renderer
        let size: Int32 = compact ? 11 : 15
        let spin = compact ? ctx.px(10) : ctx.px(22)
        func caption(_ text: String, _ color: Color, spinner: Bool, dim: Bool = true) {
            if dim || !hasFrame { r.fill(area, hasFrame ? Theme.scrim : Theme.black) }
            let cy = area.y + area.h / 2
            if spinner {
                r.spinner(cx: area.x + area.w / 2, cy: cy - spin, radius: spin, t: ctx.time, color)
                ctx.text.drawCentered(text, in: SDL_Rect(area.x, cy + spin / 2, area.w, ctx.px(30)), size: size, bold: true, color: Theme.text)
            } else {
                ctx.text.drawCentered(text, in: SDL_Rect(area.x, cy - ctx.px(15), area.w, ctx.px(30)), size: size, bold: true, color: color)
            }
        }
        switch status {
        case .playing, .idle:
            return
        case .connecting:
            caption("Connecting…", Theme.text, spinner: true, dim: false)
        case .buffering(let percent):
            caption(percent.map { "Buffering \($0)%" } ?? "Buffering…", Theme.text, spinner: true, dim: false)
        case .reconnecting(let attempt, let next):
            let secs = max(0, Int(next.rounded(.up)))
            caption(compact ? "Reconnecting…" : "Reconnecting (attempt \(attempt)), next try in \(secs) s",
                    Theme.warn, spinner: true)
        case .ended:
            caption("Ended", Theme.textDim, spinner: false)
        case .failed(let message):
            r.fill(area, hasFrame ? Theme.scrim : Theme.black)
            if compact {
                ctx.text.drawCentered("Error", in: area, size: size, bold: true, color: Theme.error)
                return
            }
            let cy = area.y + area.h / 2
            ctx.text.drawCentered("Playback error", in: SDL_Rect(area.x, cy - ctx.px(60), area.w, ctx.px(26)), size: 18, bold: true, color: Theme.error)
            let maxW = area.w - ctx.px(64)
            let font = ctx.text.fonts.font(13)
            let msgW = min(maxW, font.width(of: message))
            ctx.text.drawFitting(message, x: area.x + (area.w - msgW) / 2, y: cy - ctx.px(28), maxWidth: maxW, size: 13, color: Theme.textDim)
            if let retry { Button.drawLabel(ctx, "Retry", icon: .retry, in: retry, hovered: retryHovered) }
        }
    }
}
