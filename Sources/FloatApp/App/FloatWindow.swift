import AppCore
import CSDL
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
    /// Whether the compositor places and moves the float (Wayland, P18).
    let compositorPlaces: Bool

    init(fonts: FontSet, frame: SDL_Rect, compositorPlaces: Bool, drawing: VideoDrawing) throws {
        self.compositorPlaces = compositorPlaces
        let flags = SDL_WINDOW_BORDERLESS.rawValue | SDL_WINDOW_ALWAYS_ON_TOP.rawValue
            | SDL_WINDOW_SKIP_TASKBAR.rawValue | SDL_WINDOW_UTILITY.rawValue
            | SDL_WINDOW_HIDDEN.rawValue | drawing.windowFlags
        window = try Window(title: "FloatApp - PiP", x: frame.x, y: frame.y, width: frame.w, height: frame.h, flags: flags)
        renderer = try Renderer(window: window, vsync: false, drawing: drawing)
        X11Hints.setClass(window, instance: "PictureInPicture", className: "PictureInPicture", role: "PictureInPicture")
        xWindow = X11Hints.windowID(window)
        if xWindow != nil { EventQueue.receiveWindowSystemEvents() }
        if compositorPlaces {
            // The compositor drags the float (hit-test drag), so the app never sees a drag to
            // show a target for; Wayland has no shaped windows either.
            Log.debug("no dismiss target: the compositor moves the float")
            dismissTarget = nil
        } else {
            do {
                dismissTarget = try DismissTargetWindow()
            } catch {
                Log.warn(DesktopFailure.noDismissTarget("\(error)").words)
                dismissTarget = nil
            }
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
        if compositorPlaces { holdSize() }
    }

    /// Asks the compositor to keep the float at its size: equal smallest and largest sizes, which
    /// tiling compositors take as a window to float rather than tile (sway floats a toplevel whose
    /// minimum and maximum sizes are equal). SDL 2.26 tells Wayland a window's limits only when
    /// they are set, and only once the window is shown, so this follows every show and resize.
    private func holdSize() {
        let (w, h) = window.size
        let (minW, minH) = window.minimumSize
        // SDL refuses a maximum below the minimum: lower the minimum first when shrinking.
        window.setMinimumSize(width: min(w, max(1, minW)), height: min(h, max(1, minH)))
        window.setMaximumSize(width: w, height: h)
        window.setMinimumSize(width: w, height: h)
    }

    /// Moves and sizes the float. A new size goes through SDL, which also updates the fixed-size
    /// hints window managers hold a borderless window to; a move does not wait for the window
    /// manager (see ``X11Hints/moveResize(_:x:y:width:height:)``), except where not on X11.
    func setFrame(_ r: SDL_Rect) {
        let size = window.size
        if size.width != r.w || size.height != r.h { window.resize(width: r.w, height: r.h) }
        if !X11Hints.moveResize(window, x: r.x, y: r.y, width: r.w, height: r.h) {
            window.setFrame(x: r.x, y: r.y, width: r.w, height: r.h)
        }
        if compositorPlaces, isVisible, size.width != r.w || size.height != r.h { holdSize() }
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
        window.setHitTest({ win, point, data in
            guard let win, let point else { return SDL_HITTEST_NORMAL }
            let (w, h) = Window.size(of: win)
            let p = point.pointee
            let button = Int32(truncatingIfNeeded: Int(bitPattern: data))
            let nearLeft = p.x < button, nearRight = p.x >= w - button
            let nearTop = p.y < button, nearBottom = p.y >= h - button
            if (nearTop && (nearLeft || nearRight)) || (nearBottom && nearLeft) { return SDL_HITTEST_NORMAL }
            let middle = p.x > w / 4 && p.x < w - w / 4 && p.y > h / 4 && p.y < h - h / 4
            return middle ? SDL_HITTEST_NORMAL : SDL_HITTEST_DRAGGABLE
        }, data: UnsafeMutableRawPointer(bitPattern: Int(buttonSize)))
    }
}
