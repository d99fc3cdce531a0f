import CSDL
import PiPLayout

/// Owns an `SDL_Window`; destroys it when the last reference goes.
@MainActor
final class Window {
    let handle: OpaquePointer

    init(title: String, x: Int32, y: Int32, width: Int32, height: Int32, flags: UInt32) throws {
        handle = try sdlCheck(
            SDL_CreateWindow(title, x, y, width, height, flags), "SDL_CreateWindow(\(title))")
    }

    /// A window that can be cut to a shape (`SDL_SetWindowShape`), made hidden.
    init(shapedTitle title: String, width: Int32, height: Int32, flags: UInt32) throws {
        handle = try sdlCheck(
            SDL_CreateShapedWindow(title, 0, 0, UInt32(width), UInt32(height), flags), "SDL_CreateShapedWindow(\(title))")
    }

    isolated deinit {
        SDL_DestroyWindow(handle)
    }

    var id: UInt32 { SDL_GetWindowID(handle) }

    var title: String {
        get { String(cString: SDL_GetWindowTitle(handle)) }
        set { SDL_SetWindowTitle(handle, newValue) }
    }

    var position: (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(handle, &x, &y)
        return (x, y)
    }

    var size: (width: Int32, height: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (w, h)
    }

    /// The window's centre on the desktop.
    var center: Point {
        let (x, y) = position, (w, h) = size
        return Point(x: Double(x) + Double(w) / 2, y: Double(y) + Double(h) / 2)
    }

    var flags: UInt32 { SDL_GetWindowFlags(handle) }

    var isShown: Bool { flags & SDL_WINDOW_SHOWN.rawValue != 0 && flags & SDL_WINDOW_HIDDEN.rawValue == 0 }
    var isMinimized: Bool { flags & SDL_WINDOW_MINIMIZED.rawValue != 0 }
    /// Whether the window has the keyboard's focus.
    var hasKeyboard: Bool { flags & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

    /// Moves and sizes the window.
    ///
    /// The window manager applies a new size and a new position one after the other, so the
    /// order keeps covering what the old and new frames share: a window shrinking toward a
    /// corner under the pointer (the float under the wheel) never uncovers it, even for a
    /// moment, or the next wheel step lands on the desktop behind.
    func setFrame(x: Int32, y: Int32, width: Int32, height: Int32) {
        let (oldX, oldY) = position, (oldW, oldH) = size
        guard oldW != width || oldH != height else { return SDL_SetWindowPosition(handle, x, y) }
        var old = SDL_Rect(oldX, oldY, oldW, oldH), new = SDL_Rect(x, y, width, height), shared = SDL_Rect()
        if SDL_IntersectRect(&old, &new, &shared) == SDL_FALSE || SDL_Rect(oldX, oldY, width, height).contains(shared) {
            SDL_SetWindowSize(handle, width, height)
            SDL_SetWindowPosition(handle, x, y)
        } else {
            SDL_SetWindowPosition(handle, x, y)
            SDL_SetWindowSize(handle, width, height)
        }
    }

    func show() { SDL_ShowWindow(handle) }
    func hide() { SDL_HideWindow(handle) }
    func raise() { SDL_RaiseWindow(handle) }
    func restore() { SDL_RestoreWindow(handle) }
    func minimize() { SDL_MinimizeWindow(handle) }

    /// The display the window's centre lies on.
    var displayIndex: Int32 { max(0, SDL_GetWindowDisplayIndex(handle)) }
}

private extension SDL_Rect {
    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: SDL_Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.w <= x + w && other.y + other.h <= y + h
    }
}
