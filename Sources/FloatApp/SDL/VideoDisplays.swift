import CSDL

/// The displays SDL sees: their bounds, the usable part without panels (`_NET_WORKAREA` on
/// X11), and their refresh rate.
@MainActor
enum VideoDisplays {
    /// Every display's full and usable bounds, skipping one SDL cannot read; the usable
    /// bounds are the full ones where SDL does not know them.
    static func all() -> [(full: SDL_Rect, usable: SDL_Rect)] {
        (0..<max(0, SDL_GetNumVideoDisplays())).compactMap { index in
            var full = SDL_Rect()
            guard SDL_GetDisplayBounds(index, &full) == 0 else { return nil }
            return (full, usableBounds(index) ?? full)
        }
    }

    /// Display `index`'s bounds without panels, nil when SDL cannot tell.
    static func usableBounds(_ index: Int32) -> SDL_Rect? {
        var usable = SDL_Rect()
        return SDL_GetDisplayUsableBounds(index, &usable) == 0 ? usable : nil
    }

    /// Display `index`'s refresh rate in Hz, nil when unknown.
    static func refreshRate(_ index: Int32) -> Int? {
        var mode = SDL_DisplayMode()
        return SDL_GetCurrentDisplayMode(index, &mode) == 0 && mode.refresh_rate > 0 ? Int(mode.refresh_rate) : nil
    }
}
