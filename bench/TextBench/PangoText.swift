import CSDL
import TextLayout

/// FloatApp's text layer as its painter uses it: an engine loaded while SDL starts (as the app
/// does with its rooms' titles), lines laid out and drawn by ``TextEngine`` and uploaded once as textures, kept in an LRU of 16 MiB, right-to-left lines aligned right.
@MainActor
final class PangoText: BenchText {
    private struct Key: Hashable {
        let text: String
        let size: Int32
        let bold: Bool
        let maxWidth: Int32?
    }

    private struct Drawn {
        let texture: OpaquePointer?
        let dx: Int32, dy: Int32, w: Int32, h: Int32
        let line: TextLine
    }

    /// Releases a texture when the cache drops it.
    @MainActor
    private final class Owned {
        let texture: OpaquePointer
        init(_ texture: OpaquePointer) { self.texture = texture }
        isolated deinit { SDL_DestroyTexture(texture) }
    }

    private let engine: TextEngine
    private let scale: Double
    private let renderer: OpaquePointer
    private var entries = LRUCache<Key, (Drawn, Owned?)>(budget: 16 << 20)
    /// Characters drawn as boxes (no installed font has them).
    private(set) var boxes = 0

    init(engine: TextEngine, renderer: OpaquePointer, scale: Double) {
        self.engine = engine
        self.renderer = renderer
        self.scale = scale
    }

    func beginFrame() {}

    func lineHeight(size: Int32, bold: Bool) -> Int32 {
        Int32(engine.lineBox(size: Int(size), weight: bold ? .bold : .regular, scale: scale).height)
    }

    func draw(_ text: String, x: Int32, y: Int32, maxWidth: Int32?, size: Int32, bold: Bool, color: SDL_Color) {
        let key = Key(text: text, size: size, bold: bold, maxWidth: maxWidth)
        let drawn: Drawn
        if let hit = entries.value(for: key) { drawn = hit.0 } else {
            let weight: FontWeight = bold ? .bold : .regular
            let line = engine.layout(text, size: Int(size), weight: weight, scale: scale, maxWidth: maxWidth.map(Int.init))
            boxes += line.unknownGlyphs
            let box = engine.lineBox(size: Int(size), weight: weight, scale: scale)
            let bitmap = line.render(TextColor(r: color.r, g: color.g, b: color.b, a: color.a))
            var owned: Owned?
            if let bitmap, let t = SDL_CreateTexture(renderer, floatapp_SDL_PIXELFORMAT_ARGB8888(),
                                                     Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                                     Int32(bitmap.width), Int32(bitmap.height)) {
                bitmap.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, Int32(bitmap.width * 4)) }
                SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
                owned = Owned(t)
            }
            drawn = Drawn(texture: owned?.texture, dx: Int32(bitmap?.offsetX ?? 0),
                          dy: Int32(box.baseline - line.baseline + (bitmap?.offsetY ?? 0)),
                          w: Int32(bitmap?.width ?? 0), h: Int32(bitmap?.height ?? 0), line: line)
            entries.insert((drawn, owned), for: key, cost: max(64, bitmap?.byteCount ?? 0))
        }
        guard let texture = drawn.texture else { return }
        let left = maxWidth.map { Int32(drawn.line.alignedX(inBoxAt: Int(x), width: Int($0))) } ?? x
        var dst = SDL_Rect(x: left + drawn.dx, y: y + drawn.dy, w: drawn.w, h: drawn.h)
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }
}
