import CSDL
import Glibc

/// SDL itself: its hints, starting and stopping its video and audio, the driver it chose,
/// and its clock.
@MainActor
enum SDLRuntime {
    /// Sets hints for the subsystems started after it (`SDL_HINT_...` names).
    static func setHints(_ hints: [(name: String, value: String)]) {
        for hint in hints { SDL_SetHint(hint.name, hint.value) }
    }

    /// Gives the windows SDL makes on Wayland the application id as their `app_id`, by which the
    /// compositor finds the desktop file: SDL 2.26 reads it from `SDL_VIDEO_WAYLAND_WMCLASS` (or
    /// `SDL_VIDEO_X11_WMCLASS`) when video starts, and uses the executable's name without one. A
    /// name the user set in the environment wins. Call before any thread starts: it writes the
    /// environment.
    static func nameWaylandWindows(_ appID: String) {
        guard getenv("SDL_VIDEO_WAYLAND_WMCLASS") == nil, getenv("SDL_VIDEO_X11_WMCLASS") == nil else { return }
        setenv("SDL_VIDEO_WAYLAND_WMCLASS", appID, 0)
    }

    /// Starts video and events.
    static func startVideo() throws(SDLError) {
        try sdlCheck(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init(video)")
    }

    /// Starts audio.
    static func startAudio() throws(SDLError) {
        try sdlCheck(SDL_InitSubSystem(SDL_INIT_AUDIO), "SDL_InitSubSystem(audio)")
    }

    /// Whether audio started.
    static var hasAudio: Bool { SDL_WasInit(SDL_INIT_AUDIO) != 0 }

    /// The video driver SDL chose: `x11`, `wayland`, `offscreen`, ...
    static var videoDriver: String { String(cString: SDL_GetCurrentVideoDriver()) }

    /// Stops every subsystem.
    static func quit() { SDL_Quit() }

    /// Seconds since SDL started, the clock event timestamps use.
    static var seconds: Double { Double(SDL_GetTicks64()) / 1000 }
}
