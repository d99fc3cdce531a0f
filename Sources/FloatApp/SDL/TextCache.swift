import CSDL

/// Rendered text textures for one renderer, kept while they are used.
///
/// Each frame marks what it draws; textures not drawn for a while are freed,
/// so changing labels (elapsed time, percentages) do not pile up.
@MainActor
final class TextCache {
    private struct Key: Hashable {
        let text: String
        let size: Int32
        let bold: Bool
        let color: Color
    }

    private var entries: [Key: (texture: Texture, lastUse: UInt64)] = [:]
    private var generation: UInt64 = 0
    let renderer: Renderer
    let fonts: FontSet

    init(renderer: Renderer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Frees every texture: the fonts were opened again at a new size.
    func removeAll() {
        entries = [:]
    }

    /// Call once per rendered frame; frees textures unused for 120 frames.
    func beginFrame() {
        generation += 1
        if generation % 120 == 0 {
            entries = entries.filter { generation - $0.value.lastUse < 120 }
        }
    }

    func texture(_ text: String, size: Int32, bold: Bool = false, color: Color) -> Texture? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, size: size, bold: bold, color: color)
        if let hit = entries[key] {
            entries[key] = (hit.texture, generation)
            return hit.texture
        }
        let font = fonts.font(size, bold: bold)
        let sdlColor = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        guard let surface = TTF_RenderUTF8_Blended(font.handle, text, sdlColor) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        entries[key] = (texture, generation)
        return texture
    }

    /// Draws text with its top-left at (x, y); returns its size.
    @discardableResult
    func draw(_ text: String, x: Int32, y: Int32, size: Int32, bold: Bool = false,
              color: Color, alpha: UInt8 = 255) -> (w: Int32, h: Int32) {
        guard let t = texture(text, size: size, bold: bold, color: color) else { return (0, 0) }
        t.draw(to: SDL_Rect(x, y, t.width, t.height), alpha: alpha)
        return (t.width, t.height)
    }

    /// Draws text centred in a rect.
    func drawCentered(_ text: String, in r: SDL_Rect, size: Int32, bold: Bool = false, color: Color) {
        guard let t = texture(text, size: size, bold: bold, color: color) else { return }
        t.draw(to: SDL_Rect(r.x + (r.w - t.width) / 2, r.y + (r.h - t.height) / 2, t.width, t.height))
    }

    /// Draws text truncated with an ellipsis to fit `maxWidth`.
    @discardableResult
    func drawFitting(_ text: String, x: Int32, y: Int32, maxWidth: Int32, size: Int32,
                     bold: Bool = false, color: Color) -> (w: Int32, h: Int32) {
        let font = fonts.font(size, bold: bold)
        var s = text
        if font.width(of: s) > maxWidth {
            while !s.isEmpty && font.width(of: s + "…") > maxWidth { s.removeLast() }
            s += "…"
        }
        return draw(s, x: x, y: y, size: size, bold: bold, color: color)
    }
}
