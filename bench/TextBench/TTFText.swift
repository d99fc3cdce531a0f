import CSDL
import Foundation

/// The text drawing FloatApp had before its text layer: one font file that fontconfig matches
/// for `sans-serif`, whole strings handed to SDL_ttf (no fallback, no bidi, no script runs),
/// a binary search over prefixes to fit a width, and textures kept by a frame-count purge.
/// SDL_ttf and fontconfig are loaded at run time, so FloatApp itself builds without them.
@MainActor
final class TTFText: BenchText {
    private typealias OpenFont = @convention(c) (UnsafePointer<CChar>, Int32) -> OpaquePointer?
    private typealias SizeUTF8 = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<Int32>,
                                                 UnsafeMutablePointer<Int32>) -> Int32
    private typealias RenderBlended = @convention(c) (OpaquePointer, UnsafePointer<CChar>, SDL_Color)
        -> UnsafeMutablePointer<SDL_Surface>?
    private typealias GlyphProvided = @convention(c) (OpaquePointer, UInt32) -> Int32
    private typealias FontHeight = @convention(c) (OpaquePointer) -> Int32

    private struct Key: Hashable {
        let text: String
        let size: Int32
        let bold: Bool
    }

    private let sizeUTF8: SizeUTF8
    private let renderBlended: RenderBlended
    private let glyphProvided: GlyphProvided
    private let fontHeight: FontHeight
    private var fonts: [Key: OpaquePointer] = [:]
    private var entries: [Key: (texture: OpaquePointer, lastUse: UInt64)] = [:]
    private var fitted: [Key: String] = [:]
    private var generation: UInt64 = 0
    private let renderer: OpaquePointer
    /// Characters drawn as boxes (not in the one font).
    private(set) var boxes = 0

    init(renderer: OpaquePointer, scale: Double) throws {
        self.renderer = renderer
        guard let ttf = dlopen("libSDL2_ttf-2.0.so.0", RTLD_NOW), let fc = dlopen("libfontconfig.so.1", RTLD_NOW) else {
            throw BenchError("cannot load SDL_ttf or fontconfig (Debian: libsdl2-ttf-2.0-0)")
        }
        func sym<T>(_ lib: UnsafeMutableRawPointer, _ name: String, _: T.Type) -> T {
            unsafeBitCast(dlsym(lib, name)!, to: T.self)
        }
        let initTTF = sym(ttf, "TTF_Init", (@convention(c) () -> Int32).self)
        let openFont = sym(ttf, "TTF_OpenFont", OpenFont.self)
        let hinting = sym(ttf, "TTF_SetFontHinting", (@convention(c) (OpaquePointer, Int32) -> Void).self)
        sizeUTF8 = sym(ttf, "TTF_SizeUTF8", SizeUTF8.self)
        renderBlended = sym(ttf, "TTF_RenderUTF8_Blended", RenderBlended.self)
        glyphProvided = sym(ttf, "TTF_GlyphIsProvided32", GlyphProvided.self)
        fontHeight = sym(ttf, "TTF_FontHeight", FontHeight.self)
        _ = initTTF()
        let regular = try Self.match("sans-serif", fc), bold = try Self.match("sans-serif:weight=bold", fc)
        for size in BenchList.sizes {
            for isBold in [false, true] {
                let px = Int32((Double(size) * scale).rounded())
                guard let font = openFont(isBold ? bold : regular, px) else { throw BenchError("TTF_OpenFont") }
                hinting(font, 1)  // TTF_HINTING_LIGHT
                fonts[Key(text: "", size: size, bold: isBold)] = font
            }
        }
    }

    /// The file fontconfig matches for `pattern`, as FloatApp's FontLocator found it.
    private static func match(_ pattern: String, _ fc: UnsafeMutableRawPointer) throws -> String {
        func sym<T>(_ name: String, _: T.Type) -> T { unsafeBitCast(dlsym(fc, name)!, to: T.self) }
        let load = sym("FcInitLoadConfigAndFonts", (@convention(c) () -> OpaquePointer?).self)
        let parse = sym("FcNameParse", (@convention(c) (UnsafePointer<CChar>) -> OpaquePointer?).self)
        let substitute = sym("FcConfigSubstitute", (@convention(c) (OpaquePointer, OpaquePointer, Int32) -> Int32).self)
        let defaults = sym("FcDefaultSubstitute", (@convention(c) (OpaquePointer) -> Void).self)
        let fontMatch = sym("FcFontMatch", (@convention(c) (OpaquePointer, OpaquePointer, UnsafeMutablePointer<Int32>)
            -> OpaquePointer?).self)
        let getString = sym("FcPatternGetString", (@convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32,
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32).self)
        guard let config = load(), let pat = parse(pattern) else { throw BenchError("fontconfig") }
        _ = substitute(config, pat, 0)
        defaults(pat)
        var result: Int32 = 0
        var file: UnsafeMutablePointer<UInt8>?
        guard let found = fontMatch(config, pat, &result), getString(found, "file", 0, &file) == 0, let file else {
            throw BenchError("no font for \(pattern)")
        }
        return String(cString: file)
    }

    private func font(_ size: Int32, _ bold: Bool) -> OpaquePointer { fonts[Key(text: "", size: size, bold: bold)]! }

    private func width(_ text: String, _ font: OpaquePointer) -> Int32 {
        var w: Int32 = 0, h: Int32 = 0
        _ = sizeUTF8(font, text, &w, &h)
        return w
    }

    func beginFrame() {
        generation += 1
        if generation % 120 == 0 {
            for (key, entry) in entries where generation - entry.lastUse >= 120 {
                SDL_DestroyTexture(entry.texture)
                entries[key] = nil
            }
            fitted.removeAll(keepingCapacity: true)
        }
    }

    func lineHeight(size: Int32, bold: Bool) -> Int32 { fontHeight(font(size, bold)) }

    func draw(_ text: String, x: Int32, y: Int32, maxWidth: Int32?, size: Int32, bold: Bool, color: SDL_Color) {
        var shown = text
        if let maxWidth {
            let key = Key(text: text + "\u{0}\(maxWidth)", size: size, bold: bold)
            if let hit = fitted[key] { shown = hit } else {
                shown = fit(text, maxWidth: maxWidth, font: font(size, bold))
                fitted[key] = shown
            }
        }
        let key = Key(text: shown, size: size, bold: bold)
        var texture = entries[key]?.texture
        if texture == nil {
            let f = font(size, bold)
            boxes += shown.unicodeScalars.filter { glyphProvided(f, $0.value) == 0 }.count
            guard let surface = renderBlended(f, shown, color) else { return }
            texture = SDL_CreateTextureFromSurface(renderer, surface)
            SDL_FreeSurface(surface)
        }
        guard let texture else { return }
        entries[key] = (texture, generation)
        var w: Int32 = 0, h: Int32 = 0
        SDL_QueryTexture(texture, nil, nil, &w, &h)
        var dst = SDL_Rect(x: x, y: y, w: w, h: h)
        SDL_RenderCopy(renderer, texture, nil, &dst)
    }

    /// FloatApp's former `TextCache.fit`: the longest prefix that fits with an ellipsis.
    private func fit(_ text: String, maxWidth: Int32, font: OpaquePointer) -> String {
        let cap = Int(max(maxWidth, 0)) + 1
        let head = Array(text.prefix(cap + 1))
        if head.count <= cap, width(text, font) <= maxWidth { return text }
        var fits = 0, tooLong = min(head.count, cap) + 1
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if width(String(head[..<middle]) + "…", font) <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return String(head[..<fits]) + "…"
    }
}
