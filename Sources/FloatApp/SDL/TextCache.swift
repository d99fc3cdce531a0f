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

    private struct FitKey: Hashable {
        let text: String
        let maxWidth: Int32
        let size: Int32
        let bold: Bool
    }

    private var entries: [Key: (texture: Texture, lastUse: UInt64)] = [:]
    /// What `drawFitting` showed for a text and width, so each frame skips measuring again.
    private var fitted: [FitKey: String] = [:]
    private var generation: UInt64 = 0
    let renderer: Renderer
    let fonts: FontSet

    init(renderer: Renderer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Frees every texture and fitted text: the fonts were opened again at a new size.
    func removeAll() {
        entries = [:]
        fitted = [:]
    }

    /// Call once per rendered frame; frees textures unused for 120 frames.
    func beginFrame() {
        generation += 1
        if generation % 120 == 0 {
            entries = entries.filter { generation - $0.value.lastUse < 120 }
            fitted.removeAll(keepingCapacity: true)
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
        draw(fitting(text, maxWidth: maxWidth, size: size, bold: bold), x: x, y: y, size: size, bold: bold, color: color)
    }

    /// What `drawFitting` shows of `text` in `maxWidth`: the text, or a prefix and an ellipsis.
    func fitting(_ text: String, maxWidth: Int32, size: Int32, bold: Bool = false) -> String {
        let key = FitKey(text: text, maxWidth: maxWidth, size: size, bold: bold)
        if let hit = fitted[key] { return hit }
        let shown = Self.fit(text, maxWidth: maxWidth, font: fonts.font(size, bold: bold))
        fitted[key] = shown
        return shown
    }

    /// The longest prefix of `text` that fits in `maxWidth` with an ellipsis, or `text` itself
    /// when it fits whole. A binary search over measured prefixes: O(log n) measurements of at
    /// most `maxWidth + 1` characters each, since no character is narrower than a pixel
    /// (zero-width ones aside, which only shorten the shown prefix), so a long text costs no
    /// more than a short one.
    static func fit(_ text: String, maxWidth: Int32, font: Font) -> String {
        let cap = Int(max(maxWidth, 0)) + 1
        let head = Array(text.prefix(cap + 1))
        if head.count <= cap, font.width(of: text) <= maxWidth { return text }
        var fits = 0, tooLong = min(head.count, cap) + 1
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if font.width(of: String(head[..<middle]) + "…") <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return String(head[..<fits]) + "…"
    }
}
