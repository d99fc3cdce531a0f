import CSDL
import Foundation
import PiPLayout
import Playback

/// The imperative shell: SDL windows, input, playback sessions and files,
/// carrying out what the session model and the float motion decide.
@MainActor
final class App {
    let options: Options
    /// The rooms file in use, watched for changes (M5).
    let roomsPath: String
    var roomsStamp: Date?
    var lastRoomsCheck: Double = 0
    var model: SessionState
    /// The rooms and settings as the session model has them now.
    var config: RoomsConfig { RoomsConfig(rooms: model.rooms, settings: model.settings) }
    /// PiP lifecycle and layout observers (M3, M4).
    let events = PiPEvents()

    // Windows.
    let mainWindow: Window
    let mainRenderer: Renderer
    let mainText: TextCache
    let fonts: FontSet
    let scale: Double
    var floatWindow: FloatWindow?
    var motion: FloatMotion?
    /// Whether the float is compositor-moved (Wayland, P18): no snapping.
    let compositorMovesFloat: Bool

    // Playback.
    let mixer = AudioMixer()
    /// The SDL event a session posts to wake the loop for a new frame.
    private(set) var wakeEventType: UInt32 = 0
    var audio: AudioOutput?
    var players: [RoomID: RoomPlayer] = [:]
    /// One texture per participant (or one for a live room) in the main window.
    var mainVideo: [VideoTexture] = []

    // View state.
    var list = RoomListView()
    var hoveredControl: RoomControl?
    var roomHotspots: [Hotspot<RoomControl>] = []
    var lastPointerMotion: Double = 0
    var draggingVolume = false
    var floatHover = false
    var floatHovered: FloatControl?
    var floatHotspots: [Hotspot<FloatControl>] = []
    var floatSpeaker = FloatSpeaker()
    var floatPressedControl: FloatControl?
    var floatPointerDown = false
    /// The model entered PiP but the float window could not be shown.
    var floatFailedToShow = false
    /// The global pointer last fed to the float motion while the button is held.
    var floatHeldPointer: Point?
    var toasts = Toasts()
    var mainDirty = true
    var lastMainPresent: Double = 0
    /// A new frame was uploaded to the main window and waits for its present.
    var mainFramePending = false
    /// Whether the last drawn room view showed its control bar.
    var controlsDrawn = false
    /// The display's refresh rate, read at start and when displays change.
    var refreshRate: Double = 60
    /// When each open room's status last changed, for the reconnect countdown (W5).
    var statusSince: [RoomID: Double] = [:]
    var lastFloatPresent: Double = 0
    var floatDirty = true
    var lastStatus: [RoomID: PlaybackStatus] = [:]
    var lastLevelsAt: Double = 0
    var lastUsableCheck: Double = 0
    var lastUsable: [Display] = []
    var running = true
    var exitStatus: Int32 = 0

    // Measurement.
    let stats: StatsLog?
    let startNanos: UInt64
    var placementStore: PlacementStore

    init(options: Options, config: RoomsConfig, roomsPath: String) throws {
        self.options = options
        self.roomsPath = roomsPath
        roomsStamp = RoomsLoader.modificationDate(path: roomsPath)
        startNanos = DispatchTime.now().uptimeNanoseconds
        stats = try options.statsFile.map { try StatsLog(path: $0, startNanos: DispatchTime.now().uptimeNanoseconds) }
        placementStore = PlacementStore(path: Paths.stateFile)
        model = SessionState(config: config, globalPiP: options.noPiP ? .disabled : .enabled)

        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_APP_NAME, "FloatApp")
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_AUTO_CAPTURE, "1")
        // Frames arrive converted to the window's size, so drawing is a copy: the software
        // renderer on a plain X framebuffer does it without an OpenGL stack, which costs far
        // more memory and wake-ups than it saves (bench/). SDL_RENDER_DRIVER and
        // SDL_FRAMEBUFFER_ACCELERATION in the environment still win over these defaults.
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        try sdlCheck(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS), "SDL_Init(video)")
        wakeEventType = SDL_RegisterEvents(1)
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        Log.info("video driver: \(driver)")
        if !["x11", "wayland"].contains(driver), ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            SDL_Quit()
            throw AppError.startup("no desktop to show windows on (SDL chose the '\(driver)' video driver): "
                + "run FloatApp in an X11 or Wayland session, or set DISPLAY")
        }
        if SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 {
            Log.warn("no audio: \(String(cString: SDL_GetError())); playing without sound")
        }
        var ddpi: Float = 96, hdpi: Float = 96, vdpi: Float = 96
        if SDL_GetDisplayDPI(0, &ddpi, &hdpi, &vdpi) != 0 || !ddpi.isFinite || ddpi <= 0 { ddpi = 96 }
        scale = max(1, min(3, Double(ddpi) / 96))
        fonts = try FontSet(scale: scale)

        let w = Int32(960 * scale), h = Int32(600 * scale)
        mainWindow = try Window(
            title: "FloatApp", x: floatapp_SDL_WINDOWPOS_CENTERED(), y: floatapp_SDL_WINDOWPOS_CENTERED(),
            width: w, height: h, flags: SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_HIDDEN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue)
        SDL_SetWindowMinimumSize(mainWindow.handle, Int32(480 * scale), Int32(320 * scale))
        mainRenderer = try Renderer(window: mainWindow, vsync: false)
        X11Hints.setClass(mainWindow, instance: "floatapp", className: "FloatApp", role: "main")
        mainText = TextCache(renderer: mainRenderer, fonts: fonts)
        compositorMovesFloat = String(cString: SDL_GetCurrentVideoDriver()) == "wayland"

        let mixer = self.mixer
        if SDL_WasInit(SDL_INIT_AUDIO) != 0 {
            do {
                audio = try AudioOutput { buffer, frames in mixer.render(into: buffer, frameCount: frames) }
            } catch {
                Log.warn("no audio device: \(error); playing without sound")
            }
        }
    }

    /// Seconds since start on the SDL clock, the one event timestamps use.
    var now: Double { Double(SDL_GetTicks64()) / 1000 }

    var nanos: UInt64 { DispatchTime.now().uptimeNanoseconds }

    func drawContext(_ renderer: Renderer, _ text: TextCache) -> DrawContext {
        DrawContext(renderer: renderer, text: text, scale: scale, time: now)
    }

    /// Runs until the main window closes; returns the exit status.
    func run() -> Int32 {
        observePiPEvents()
        mainWindow.show()
        prepareFloatWindow()
        readRefreshRate()
        if compositorMovesFloat {
            Log.warn("Wayland: the float is moved by the compositor; corner snapping is off")
            toasts.show("Wayland: drag the float with the compositor; snapping is off", now: now)
        }
        if let id = options.openRoom {
            if let index = config.rooms.firstIndex(where: { $0.id == id }) {
                list.selected = index
                send(.roomSelected(id))
                if options.float { send(.pipRequested(origin: .commandLine)) }
            } else {
                Log.error("no room with id '\(id)'")
                toasts.show("No room with id \u{201C}\(id)\u{201D}", now: now)
            }
        }
        var event = SDL_Event()
        while running {
            if SDL_WaitEventTimeout(&event, wakeDelayMilliseconds()) == 1 {
                handle(event)
                while running, SDL_PollEvent(&event) == 1 { handle(event) }
            }
            guard running else { break }
            tick()
            render()
        }
        shutdown()
        return exitStatus
    }

    /// Saves the placement, stops playback and closes windows (W7).
    func shutdown() {
        savePlacement()
        for p in players.values {
            logCounters(p)
            p.close()
        }
        players.removeAll()
        audio = nil
        stats?.flush()
        floatWindow = nil
    }

    func quit(status: Int32 = 0) {
        exitStatus = status
        running = false
    }
}
