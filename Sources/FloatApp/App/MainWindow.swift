import AppCore
import CSDL
import EngineTerms

/// The main window: its renderer, text cache and one video texture per participant shown.
@MainActor
final class MainWindow {
    let window: Window
    let renderer: Renderer
    let text: TextCache
    /// The list's text fields as last painted (W11, W12).
    let fields = TextFieldView()
    /// One texture per participant (or one for a live room).
    var video: [VideoTexture] = []
    /// The joined call's self view, from the capture of what is sent (W10).
    lazy var selfVideo = VideoTexture(renderer: renderer)

    init(fonts: FontSet, scale: Double, drawing: VideoDrawing) throws {
        let size = AppState.mainWindowSize, minimum = AppState.mainWindowMinimum
        let scaled = { (v: Int) in Int32((Double(v) * scale).rounded()) }
        window = try Window(
            title: "FloatApp", x: floatapp_SDL_WINDOWPOS_CENTERED(), y: floatapp_SDL_WINDOWPOS_CENTERED(),
            width: scaled(size.width), height: scaled(size.height),
            flags: SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
                | drawing.windowFlags)
        renderer = try Renderer(window: window, vsync: false, drawing: drawing)
        X11Hints.setClass(window, instance: "floatapp", className: ApplicationID.id, role: "main")
        text = TextCache(renderer: renderer, fonts: fonts)
        resize(width: scaled(size.width), height: scaled(size.height),
               minimumWidth: scaled(minimum.width), minimumHeight: scaled(minimum.height))
    }

    /// Resizes the window about its centre and sets its smallest size, both kept within its
    /// display's usable area (a large scale must not push the title bar off the screen).
    func resize(width: Int32, height: Int32, minimumWidth: Int32, minimumHeight: Int32) {
        let (x, y) = window.position, (w, h) = window.size
        let usable = VideoDisplays.usableBounds(window.displayIndex) ?? SDL_Rect(x: x, y: y, w: width, h: height)
        let width = min(width, usable.w), height = min(height, usable.h)
        window.setMinimumSize(width: min(minimumWidth, width), height: min(minimumHeight, height))
        let left = min(max(usable.x, x + (w - width) / 2), usable.x + usable.w - width)
        let top = min(max(usable.y, y + (h - height) / 2), usable.y + usable.h - height)
        window.setFrame(x: left, y: top, width: width, height: height)
    }

    /// Window coordinates to renderer pixels (they differ on HiDPI).
    func pixels(_ x: Int32, _ y: Int32) -> (Int, Int) {
        let win = window.size, out = renderer.outputSize
        guard win.width > 0, win.height > 0 else { return (Int(x), Int(y)) }
        return (Int(x * out.width / win.width), Int(y * out.height / win.height))
    }

    /// Renderer pixels to window coordinates.
    func points(_ r: SDL_Rect) -> SDL_Rect {
        let win = window.size, out = renderer.outputSize
        guard out.width > 0, out.height > 0 else { return r }
        return SDL_Rect(r.x * win.width / out.width, r.y * win.height / out.height,
                        r.w * win.width / out.width, r.h * win.height / out.height)
    }

    /// Forgets the uploaded frames, so a room shown again draws its current one at once (P17).
    func resetVideo() {
        for v in video { v.reset() }
    }
}
