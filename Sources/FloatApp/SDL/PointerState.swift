import CSDL

/// What SDL knows of the pointer and the keyboard's modifiers between events.
@MainActor
enum PointerState {
    /// The pointer's position on the desktop (XTEST-driven input included).
    static var global: (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetGlobalMouseState(&x, &y)
        return (x, y)
    }

    /// Whether the pointer is over `window` now.
    static func isOver(_ window: Window) -> Bool { SDL_GetMouseFocus() == window.handle }

    /// Whether Ctrl or Shift is held.
    static var ctrlOrShiftHeld: Bool { SDL_GetModState().rawValue & (KMOD_CTRL.rawValue | KMOD_SHIFT.rawValue) != 0 }
}
