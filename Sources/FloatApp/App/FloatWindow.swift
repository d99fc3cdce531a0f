import CSDL
import Localization
import Logging
import PiPLayout

/// The float window (P2): borderless, always on top, skips taskbar and pager,
/// utility type, class and role `PictureInPicture`. Made once, hidden and shown
/// again, so a float appears without the cost of a new window and renderer.
@MainActor
final class FloatWindow {
    let window: Window
    let renderer: Renderer
    let text: TextCache
    let video: VideoTexture
    /// The X window behind it on X11, whose pointer events the app reads with the server's times.
    let xWindow: UInt?
    /// The dismiss target shown while the float is dragged; `nil` when it cannot be made.
    let dismissTarget: DismissTargetWindow?
    /// The X server's event times in the app's clock.
    var serverClock = ServerEventClock()

    init(fonts: FontSet, frame: SDL_Rect) throws {
        let flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
            | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_UTILITY.rawValue
            | SDL_WINDOW_HIDDEN.rawValue
        window = try Window(title: "FloatApp - PiP", x: frame.x, y: frame.y, width: frame.w, height: frame.h, flags: flags)
        renderer = try Renderer(window: window, vsync: false)
        X11Hints.setClass(window, instance: "PictureInPicture", className: "PictureInPicture", role: "PictureInPicture")
        xWindow = X11Hints.windowID(window)
        if xWindow != nil { SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }
        do {
            dismissTarget = try DismissTargetWindow()
        } catch {
            Log.warn(tr("no dismiss target: %s", "\(error)"))
            dismissTarget = nil
        }
        text = TextCache(renderer: renderer, fonts: fonts)
        video = VideoTexture(renderer: renderer)
    }

    var isVisible: Bool { window.isShown }

    /// Shows the float on every workspace (P20): sticky, on all desktops.
    func show() {
        X11Hints.setOnAllWorkspaces(window, mapped: false)
        window.show()
        X11Hints.setOnAllWorkspaces(window, mapped: true)
    }

    /// Moves and sizes the float. A new size goes through SDL, which also updates the fixed-size
    /// hints window managers hold a borderless window to; a move does not wait for the window
    /// manager (see ``X11Hints/moveResize(_:x:y:width:height:)``), except where not on X11.
    func setFrame(_ r: SDL_Rect) {
        let size = window.size
        if size.width != r.w || size.height != r.h { SDL_SetWindowSize(window.handle, r.w, r.h) }
        if !X11Hints.moveResize(window, x: r.x, y: r.y, width: r.w, height: r.h) {
            window.setFrame(x: r.x, y: r.y, width: r.w, height: r.h)
        }
    }

    /// Whether a global point lies inside the window now.
    func contains(_ p: Point) -> Bool {
        let (x, y) = window.position, (w, h) = window.size
        return p.x >= Double(x) && p.y >= Double(y) && p.x < Double(x + w) && p.y < Double(y + h)
    }

    /// Lets the compositor move the float (P18, Wayland): its border band is a drag handle,
    /// while the middle (a click restores) and the overlay buttons' corners stay the app's.
    /// `buttonSize` is the corners' size in window pixels.
    func enableCompositorDrag(buttonSize: Int32) {
        // The callback cannot capture: the size travels as the user-data pointer's value.
        SDL_SetWindowHitTest(window.handle, { win, point, data in
            guard let win, let point else { return SDL_HITTEST_NORMAL }
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSize(win, &w, &h)
            let p = point.pointee
            let button = Int32(truncatingIfNeeded: Int(bitPattern: data))
            let nearLeft = p.x < button, nearRight = p.x >= w - button
            let nearTop = p.y < button, nearBottom = p.y >= h - button
            if (nearTop && (nearLeft || nearRight)) || (nearBottom && nearLeft) { return SDL_HITTEST_NORMAL }
            let middle = p.x > w / 4 && p.x < w - w / 4 && p.y > h / 4 && p.y < h - h / 4
            return middle ? SDL_HITTEST_NORMAL : SDL_HITTEST_DRAGGABLE
        }, UnsafeMutableRawPointer(bitPattern: Int(buttonSize)))
    }
}
