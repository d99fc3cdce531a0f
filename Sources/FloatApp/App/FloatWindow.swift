import CSDL

/// The float window (P2): borderless, always on top, skips taskbar and pager,
/// utility type, class and role `PictureInPicture`. Made once, hidden and shown
/// again, so a float appears without the cost of a new window and renderer.
@MainActor
final class FloatWindow {
    let window: Window
    let renderer: Renderer
    let text: TextCache
    let video: VideoTexture

    init(fonts: FontSet, frame: SDL_Rect) throws {
        let flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
            | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_UTILITY.rawValue
            | SDL_WINDOW_HIDDEN.rawValue
        window = try Window(title: "FloatApp - PiP", x: frame.x, y: frame.y, width: frame.w, height: frame.h, flags: flags)
        renderer = try Renderer(window: window, vsync: false)
        X11Hints.setClass(window, instance: "PictureInPicture", className: "PictureInPicture", role: "PictureInPicture")
        text = TextCache(renderer: renderer, fonts: fonts)
        video = VideoTexture(renderer: renderer)
    }

    var isVisible: Bool { window.isShown }
}
