import CSDL

/// A volume slider's track, its filled part and its knob, as the full view and the float draw it.
@MainActor
enum VolumeSlider {
    /// Draws the slider on `track` at `value` (0...1); a hovered knob grows.
    static func draw(_ ctx: DrawContext, track: SDL_Rect, value: Float, hovered: Bool) {
        let r = ctx.renderer
        r.fillRounded(track, radius: ctx.px(2), Theme.border)
        let filled = Int32(Float(track.w) * value)
        r.fillRounded(SDL_Rect(track.x, track.y, max(ctx.px(4), filled), track.h), radius: ctx.px(2), Theme.accent)
        r.fillCircle(cx: track.x + filled, cy: track.y + track.h / 2, radius: ctx.px(hovered ? 8 : 6), Theme.text)
    }
}
