import CSDL

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

    var flags: UInt32 { SDL_GetWindowFlags(handle) }

    var isShown: Bool { flags & SDL_WINDOW_SHOWN.rawValue != 0 && flags & SDL_WINDOW_HIDDEN.rawValue == 0 }
    var isMinimized: Bool { flags & SDL_WINDOW_MINIMIZED.rawValue != 0 }

    func setFrame(x: Int32, y: Int32, width: Int32, height: Int32) {
        let current = size
        if current.width != width || current.height != height {
            SDL_SetWindowSize(handle, width, height)
        }
        SDL_SetWindowPosition(handle, x, y)
    }

    func show() { SDL_ShowWindow(handle) }
    func hide() { SDL_HideWindow(handle) }
    func raise() { SDL_RaiseWindow(handle) }
    func restore() { SDL_RestoreWindow(handle) }

    /// The display the window's centre lies on.
    var displayIndex: Int32 { max(0, SDL_GetWindowDisplayIndex(handle)) }
}
