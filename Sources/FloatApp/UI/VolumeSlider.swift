import CSDL

/// A volume slider's track, its filled part and its knob, as the full view and the float draw it.
@MainActor
enum VolumeSlider {
    /// Draws the slider on `track` at `value` (0...1), filled from its left, or from its right
    /// when `fromRight` (a right-to-left view); a hovered knob grows.
    static func draw(_ ctx: DrawContext, track: SDL_Rect, value: Float, hovered: Bool, fromRight: Bool = false) {
        let r = ctx.renderer
        r.fillRounded(track, radius: ctx.px(2), Theme.border)
        let filled = Int32(Float(track.w) * value)
        let fillW = max(ctx.px(4), filled)
        r.fillRounded(SDL_Rect(fromRight ? track.x + track.w - fillW : track.x, track.y, fillW, track.h), radius: ctx.px(2), Theme.accent)
        let knob = fromRight ? track.x + track.w - filled : track.x + filled
        r.fillCircle(cx: knob, cy: track.y + track.h / 2, radius: ctx.px(hovered ? 8 : 6), Theme.text)
    }
}
