import CSDL
import TextLayout

/// Text drawn into one renderer: each line laid out by the app's ``FontSet`` and uploaded
/// once as a texture, kept while recently used within a byte budget.
@MainActor
final class TextCache {
    private struct Key: Hashable {
        let line: LineKey
        let color: Color
        let maxWidth: Int32?
    }

    /// A line as uploaded: its texture (nil when it draws nothing), the texture's place relative
    /// to the line box's top-left, and the line's logical width and direction.
    private struct Drawn {
        let texture: Texture?
        let dx: Int32
        let dy: Int32
        let width: Int32
        let line: TextLine
    }

    /// The bytes the textures of one window may take.
    static let budget = 16 << 20

    private var entries = LRUCache<Key, Drawn>(budget: TextCache.budget)
    let renderer: Renderer
    let fonts: FontSet

    init(renderer: Renderer, fonts: FontSet) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Frees every texture: the scale changed.
    func removeAll() {
        entries.removeAll()
    }

    private func drawn(_ text: String, size: Int32, bold: Bool, color: Color, maxWidth: Int32?) -> Drawn? {
        guard !text.isEmpty else { return nil }
        let key = Key(line: LineKey(text: text, size: size, bold: bold), color: color, maxWidth: maxWidth)
        if let hit = entries.value(for: key) { return hit }
        let line = fonts.layout(text, size: size, bold: bold, maxWidth: maxWidth)
        let box = fonts.lineBox(size, bold: bold)
        let bitmap = line.render(TextColor(r: color.r, g: color.g, b: color.b, a: color.a))
        let texture = bitmap.flatMap { try? Texture(renderer: renderer, bitmap: $0) }
        let drawn = Drawn(texture: texture, dx: Int32(bitmap?.offsetX ?? 0),
                          dy: Int32(box.baseline - line.baseline + (bitmap?.offsetY ?? 0)),
                          width: Int32(line.width), line: line)
        entries.insert(drawn, for: key, cost: max(64, bitmap?.byteCount ?? 0))
        return drawn
    }

    private func blit(_ d: Drawn, x: Int32, y: Int32, alpha: UInt8 = 255) {
        guard let t = d.texture else { return }
        t.draw(to: SDL_Rect(x + d.dx, y + d.dy, t.width, t.height), alpha: alpha)
    }

    /// Draws a line with its line box's top-left at (x, y); returns its size.
    @discardableResult
    func draw(_ text: String, x: Int32, y: Int32, size: Int32, bold: Bool = false,
              color: Color, alpha: UInt8 = 255) -> (w: Int32, h: Int32) {
        guard let d = drawn(text, size: size, bold: bold, color: color, maxWidth: nil) else { return (0, 0) }
        blit(d, x: x, y: y, alpha: alpha)
        return (d.width, fonts.font(size, bold: bold).lineHeight)
    }

    /// Draws a whole line with its line box's top-left at (x, y), and returns it laid out (for
    /// its caret geometry); nil for empty text.
    @discardableResult
    func drawLine(_ text: String, x: Int32, y: Int32, size: Int32, color: Color) -> TextLine? {
        guard let d = drawn(text, size: size, bold: false, color: color, maxWidth: nil) else { return nil }
        blit(d, x: x, y: y)
        return d.line
    }

    /// A whole line laid out as ``drawLine(_:x:y:size:color:)`` draws it, without drawing it.
    func line(_ text: String, size: Int32, color: Color) -> TextLine? {
        drawn(text, size: size, bold: false, color: color, maxWidth: nil)?.line
    }

    /// Draws a line centred in a rect.
    func drawCentered(_ text: String, in r: SDL_Rect, size: Int32, bold: Bool = false, color: Color) {
        guard let d = drawn(text, size: size, bold: bold, color: color, maxWidth: r.w) else { return }
        let h = fonts.font(size, bold: bold).lineHeight
        blit(d, x: r.x + (r.w - d.width) / 2, y: r.y + (r.h - h) / 2)
    }

    /// Draws a line in `box`, its top at `y`, shortened with an ellipsis to the box's width, at
    /// the paragraph's leading edge (or its trailing one): a paragraph's own direction decides,
    /// one with no strong character takes the UI's, as GTK aligns a label. Returns where it went.
    func drawAligned(_ text: String, in box: SDL_Rect, y: Int32, size: Int32, bold: Bool = false, color: Color,
                     trailing: Bool) -> SDL_Rect {
        guard let d = drawn(text, size: size, bold: bold, color: color, maxWidth: box.w) else {
            return SDL_Rect(box.x, y, 0, 0)
        }
        let leading = Int32(d.line.alignedX(inBoxAt: Int(box.x), width: Int(box.w)))
        let x = trailing ? box.x + box.x + box.w - d.width - leading : leading
        blit(d, x: x, y: y)
        return SDL_Rect(x, y, d.width, fonts.font(size, bold: bold).lineHeight)
    }

    /// Draws a line in the box from `x` `maxWidth` wide, shortened with an ellipsis when wider,
    /// at its paragraph's leading edge (the right for Arabic or Hebrew), as a GTK label does.
    @discardableResult
    func drawFitting(_ text: String, x: Int32, y: Int32, maxWidth: Int32, size: Int32,
                     bold: Bool = false, color: Color) -> (w: Int32, h: Int32) {
        guard let d = drawn(text, size: size, bold: bold, color: color, maxWidth: maxWidth) else { return (0, 0) }
        blit(d, x: Int32(d.line.alignedX(inBoxAt: Int(x), width: Int(maxWidth))), y: y)
        return (d.width, fonts.font(size, bold: bold).lineHeight)
    }
}
