import CSDL

/// The main window: its renderer, text cache and one video texture per participant shown.
@MainActor
final class MainWindow {
    let window: Window
    let renderer: Renderer
    let text: TextCache
    /// One texture per participant (or one for a live room).
    var video: [VideoTexture] = []

    init(fonts: FontSet, scale: Double) throws {
        let w = Int32(960 * scale), h = Int32(600 * scale)
        window = try Window(
            title: "FloatApp", x: floatapp_SDL_WINDOWPOS_CENTERED(), y: floatapp_SDL_WINDOWPOS_CENTERED(),
            width: w, height: h, flags: SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue)
        SDL_SetWindowMinimumSize(window.handle, Int32(480 * scale), Int32(320 * scale))
        renderer = try Renderer(window: window, vsync: false)
        X11Hints.setClass(window, instance: "floatapp", className: "FloatApp", role: "main")
        text = TextCache(renderer: renderer, fonts: fonts)
    }

    /// Window coordinates to renderer pixels (they differ on HiDPI).
    func pixels(_ x: Int32, _ y: Int32) -> (Int, Int) {
        let win = window.size, out = renderer.outputSize
        guard win.width > 0, win.height > 0 else { return (Int(x), Int(y)) }
        return (Int(x * out.width / win.width), Int(y * out.height / win.height))
    }

    /// Forgets the uploaded frames, so a room shown again draws its current one at once (P17).
    func resetVideo() {
        for v in video { v.reset() }
    }
}
