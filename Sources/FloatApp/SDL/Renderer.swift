import CSDL

/// Owns an `SDL_Renderer` and keeps its window alive.
@MainActor
final class Renderer {
    let handle: OpaquePointer
    let window: Window
    /// The discs whose quarters are the corners of rounded shapes.
    let discs: DiscTextures

    /// Whether video is drawn at the decoded size and scaled by the GPU (D9).
    let scalesVideo: Bool
    /// `GL_RENDERER` of an OpenGL renderer, nil for the software one.
    let glRenderer: String?

    /// Makes `drawing`'s renderer for `window` (made with ``VideoDrawing/windowFlags``); SDL's
    /// default, then its software renderer, when that fails.
    init(window: Window, vsync: Bool, drawing: VideoDrawing = .software("")) throws {
        self.window = window
        var flags = SDL_RENDERER_ACCELERATED.rawValue
        if vsync { flags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
        if let index = drawing.driverIndex, let r = SDL_CreateRenderer(window.handle, index, flags) {
            handle = r
            scalesVideo = true
            glRenderer = VideoDrawing.glRendererName()
        } else if let r = SDL_CreateRenderer(window.handle, -1, flags) {
            handle = r
            scalesVideo = false
            glRenderer = nil
        } else {
            handle = try sdlCheck(
                SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue),
                "SDL_CreateRenderer")
            scalesVideo = false
            glRenderer = nil
        }
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
        discs = DiscTextures(renderer: handle)
    }

    isolated deinit {
        discs.removeAll()
        SDL_DestroyRenderer(handle)
    }

    /// The drawable size in pixels.
    var outputSize: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return (w, h)
    }

    func clear(_ c: Color) {
        setColor(c)
        SDL_RenderClear(handle)
    }

    func setColor(_ c: Color) {
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
    }

    /// Fills `r`; an empty one fills nothing (SDL's software renderer fills a row or column of
    /// a rectangle 0 high or wide, which drew a line across every circle and pill: their
    /// bodies' rectangles are 0 wide or high).
    func fill(_ r: SDL_Rect, _ c: Color) {
        guard r.w > 0, r.h > 0 else { return }
        setColor(c)
        var rect = r
        SDL_RenderFillRect(handle, &rect)
    }

    func outline(_ r: SDL_Rect, _ c: Color) {
        setColor(c)
        var rect = r
        SDL_RenderDrawRect(handle, &rect)
    }

    func present() { SDL_RenderPresent(handle) }

    /// Runs `draw` with drawing limited to `r`.
    func clipped(to r: SDL_Rect, _ draw: () -> Void) {
        var rect = r
        SDL_RenderSetClipRect(handle, &rect)
        draw()
        SDL_RenderSetClipRect(handle, nil)
    }

    /// Draws untextured triangles: each three `indices` pick three of `vertices`.
    func drawTriangles(_ vertices: [SDL_Vertex], indices: [Int32]) {
        SDL_RenderGeometry(handle, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }
}

/// An RGBA colour.
struct Color: Equatable, Hashable {
    var r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255

    func withAlpha(_ a: UInt8) -> Color { Color(r: r, g: g, b: b, a: a) }
}

extension SDL_Rect {
    init(_ x: Int32, _ y: Int32, _ w: Int32, _ h: Int32) {
        self.init(x: x, y: y, w: w, h: h)
    }

    func contains(_ px: Int32, _ py: Int32) -> Bool {
        px >= x && py >= y && px < x + w && py < y + h
    }

    func inset(_ d: Int32) -> SDL_Rect { SDL_Rect(x + d, y + d, max(0, w - 2 * d), max(0, h - 2 * d)) }
}
