import CSDL

/// SDL's event queue: waiting for the next event, taking the ones already there.
@MainActor
enum EventQueue {
    /// The next event, waiting at most `milliseconds`; nil when none came.
    static func wait(milliseconds: Int32) -> SDL_Event? {
        var event = SDL_Event()
        return SDL_WaitEventTimeout(&event, milliseconds) == 1 ? event : nil
    }

    /// An event already queued, nil when there is none.
    static func poll() -> SDL_Event? {
        var event = SDL_Event()
        return SDL_PollEvent(&event) == 1 ? event : nil
    }

    /// Delivers drops on the windows (XDND on X11: files from `text/uri-list`, text from
    /// `text/plain`), each drop from `SDL_DROPBEGIN` to `SDL_DROPCOMPLETE`, and the X server's
    /// own events, which bring a `text/uri-list`'s other URIs (``DropCollector``).
    static func receiveDrops() {
        for type in [SDL_DROPBEGIN, SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPCOMPLETE] {
            SDL_EventState(type.rawValue, SDL_ENABLE)
        }
        receiveWindowSystemEvents()
    }

    /// Delivers the window system's own events (`SDL_SYSWMEVENT`: X11 events SDL does not translate).
    static func receiveWindowSystemEvents() {
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
    }
}
