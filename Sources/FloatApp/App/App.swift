import AppCore
import Broadcast
import CSDL
import DesktopSettings
import FFmpeg
import Files
import Foundation
import Localization
import Logging
import PiPLayout
import Playback
import Rooms
import SingleInstance
import Session
import TextLayout

/// The imperative shell: it translates SDL events and playback polls into `AppEvent`s,
/// lets `AppState` decide, carries out the returned `AppEffect`s and paints the view
/// models. It holds no decision of its own.
@MainActor
final class App {
    /// Everything the app decides (AppCore).
    var state: AppState
    /// The main window, its renderer, text cache and video textures.
    let main: MainWindow
    /// The float window, made once at start and shown and hidden again.
    var floatWindow: FloatWindow?
    let fonts: FontSet
    /// How the windows draw video (D9), as the main window's renderer turned out.
    let drawing: VideoDrawing
    /// The open rooms' playback and the sound output.
    let playback: Players
    /// The host room's broadcast, while one runs (W9).
    let broadcasts: Broadcasts
    /// The joined call when it is on a Janus server, carried over WebRTC (R8).
    let janusCalls: JanusCalls
    /// The live servers' statistics pages, fetched off the main thread (W8).
    let directoryFetcher: DirectoryFetcher
    /// Playlists, read and made rooms off the main thread (R7).
    let playlistReader: PlaylistReader
    /// The sources the user adds, opened off the main thread for their titles (R6).
    let sourceProbe: SourceProbe
    /// The rooms file, the placement state file and the stats log.
    let files: AppFiles
    /// PiP lifecycle and layout observers (M3, M4).
    let events = PiPEvents()
    /// `--open ROOM` and `--float`, carried out at start.
    let startRoom: (id: RoomID?, float: Bool)
    /// The command line's URLs, files and links, opened at start (R6).
    let startItems: [String]
    /// The desktop's media controls (MPRIS) and its scale watcher.
    let desktop: DesktopLink
    /// The Wayland compositor's window activation, when it offers one (P18).
    let activation: WaylandActivation?
    /// The xdg-activation token another FloatApp's launcher gave with its request (W14): the
    /// next raise of the main window activates it with this token, the launcher's proof.
    var launcherToken: String?
    /// The items of the drop under way (W12).
    var drops = DropCollector()
    /// Whether SDL takes text input now (nil until first set): SDL starts with it on.
    var textInputActive: Bool?
    /// Where the input method's candidate window was last placed, in window coordinates.
    var inputMethodRect: [Int32]?

    /// Makes the app; `instance` is the application's bus name when this process owns it (W14).
    init(options: Options, config: RoomsConfig, roomsPath: String, store: UserRooms.Store, instance: InstanceService?) throws {
        Self.loadDevices(for: config)
        files = try AppFiles(roomsPath: roomsPath, statsPath: options.statsFile, startNanos: mainEnteredNanos)
        files.log(.startup("main"), at: mainEnteredNanos)
        startRoom = (options.openRoom, options.float)
        startItems = options.items
        let textLoader = Self.loadText(config)
        let microphone = MicrophoneLookup()
        try App.initSDL()
        files.log(.startup("sdl"))
        desktop = DesktopLink(instance: instance)
        let scale = desktop.scale.factor
        Log.info(desktop.scale.description)
        fonts = try FontSet(engine: textLoader.engine(), scale: scale)
        files.log(.startup("text"))
        let chosen = VideoDrawing.choose(options.renderer)
        main = try MainWindow(fonts: fonts, scale: scale, drawing: chosen)
        drawing = main.renderer.scalesVideo || !chosen.scalesOnGPU ? chosen : .software("the OpenGL renderer did not start")
        Self.logDrawing(drawing, renderer: main.renderer)
        files.log(.startup("window"))
        EventQueue.receiveDrops()
        activation = Self.waylandActivation(for: main.window)
        playback = Players(endingRoom: options.exitOnEnd ? options.openRoom : nil, waker: LoopWaker(),
                           scaling: drawing.scalesOnGPU ? .onScreen : .beforeQueue)
        directoryFetcher = DirectoryFetcher(waker: LoopWaker(), janusFeeds: playback.janusFeeds)
        playlistReader = PlaylistReader(waker: LoopWaker())
        sourceProbe = SourceProbe(waker: LoopWaker())
        broadcasts = Broadcasts(waker: playback.waker)
        janusCalls = JanusCalls(waker: LoopWaker(), feeds: playback.janusFeeds)
        let metrics = fonts.metrics()
        let environment = AppEnvironment(
            metrics: metrics, compositorMovesFloat: SDLRuntime.videoDriver == "wayland",
            exitWhenEnded: options.exitOnEnd ? options.openRoom : nil, savedPlacement: files.loadPlacement(),
            direction: Localization.direction, desktop: DesktopDevices(accountName: AccountName.current(), camera: DefaultDevices.camera(),
                                                                microphone: microphone.wait()),
            joinTag: String((0..<4).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement()! }),
            currentDirectory: FileManager.default.currentDirectoryPath, floatGivenItem: options.float && options.openRoom == nil)
        state = AppState(config: config, globalPiP: options.noPiP ? .disabled : .enabled, environment: environment,
                         displays: Self.currentDisplays(), store: store)
    }

    /// Loads FFmpeg's input devices now, on the main thread, when `config`'s rooms may open one
    /// (see ``FFmpegRuntime/ensureDevices()``): at start before any other thread or window
    /// exists, and on a rooms-file change before the new rooms can be opened. A failure to
    /// load is reported when a device source opens.
    static func loadDevices(for config: RoomsConfig) {
        guard config.mayOpenDevices else { return }
        let start = SDLRuntime.seconds
        do throws(FFmpegError) {
            try FFmpegRuntime.ensureDevices()
            Log.debug("input devices loaded in \(Int(((SDLRuntime.seconds - start) * 1000).rounded())) ms")
        } catch {
            Log.debug("input devices not loaded: \(error)")
        }
    }

    /// Starts opening the fonts and laying out the list's first screen while SDL starts, at the
    /// scale the environment gives (the desktop's `Xft.dpi` is read once SDL runs).
    private static func loadText(_ config: RoomsConfig) -> TextEngineLoader {
        let scale = DesktopScale(resources: nil, environment: ProcessInfo.processInfo.environment).factor
        let labels = [TextEngineLoader.Sample("FloatApp", size: 24, weight: .bold),
                      TextEngineLoader.Sample("Live stream · Audience", size: 13),
                      TextEngineLoader.Sample("Idle", size: 13, weight: .bold)]
        let titles = config.rooms.prefix(12).map { TextEngineLoader.Sample($0.title, size: 15, weight: .bold) }
        return TextEngineLoader(samples: labels + titles, scale: scale,
                                rightToLeft: Localization.direction == .rightToLeft)
    }

    /// Says once which renderer draws, what OpenGL calls it, which path video takes and why (D9).
    private static func logDrawing(_ drawing: VideoDrawing, renderer: Renderer) {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer.handle, &info)
        let name = info.name.map { String(cString: $0) } ?? "?"
        let gl = renderer.glRenderer.map { ", GL_RENDERER \"\($0)\"" } ?? ""
        let path = drawing.scalesOnGPU
            ? "video drawn as YUV textures as decoded, converted and scaled by the renderer"
            : "video converted and scaled on the CPU to the size shown"
        Log.info("renderer: \(name)\(gl): \(path) (\(drawing.reason))")
    }

    /// SDL's hints and video and audio start; fails without a desktop to show windows on.
    private static func initSDL() throws {
        SDLRuntime.setHints([
            (SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1"),
            (SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0"),
            (SDL_HINT_APP_NAME, "FloatApp"),
            (SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0"),
            (SDL_HINT_MOUSE_AUTO_CAPTURE, "1"),
            // An input method's composition longer than SDL's 32-byte event arrives whole.
            (SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1"),
            // Frames arrive converted to the window's size, so drawing is a copy: the software
            // renderer on a plain X framebuffer does it without an OpenGL stack, which costs far
            // more memory and wake-ups than it saves (bench/). SDL_RENDER_DRIVER and
            // SDL_FRAMEBUFFER_ACCELERATION in the environment still win over these defaults.
            (SDL_HINT_RENDER_DRIVER, "software"),
            (SDL_HINT_FRAMEBUFFER_ACCELERATION, "0"),
        ])
        try SDLRuntime.startVideo()
        let driver = SDLRuntime.videoDriver
        Log.info("video driver: \(driver)")
        if !["x11", "wayland"].contains(driver), ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil {
            SDLRuntime.quit()
            throw AppError.noDesktop(videoDriver: driver)
        }
        do throws(SDLError) {
            try SDLRuntime.startAudio()
        } catch {
            Log.warn(DesktopFailure.noAudio(error.message).words)
        }
    }

    /// Seconds since start on the SDL clock, the one event timestamps use.
    var now: Double { SDLRuntime.seconds }

    /// Runs until the app quits; returns the exit status.
    func run() -> Int32 {
        observePiPEvents()
        main.window.show()
        files.log(.startup("shown"))
        prepareFloatWindow()
        files.log(.startup("float"))
        playback.startAudio()
        files.log(.startup("audio"))
        dispatch(.refreshRateRead(readRefreshRate()))
        dispatch(.resized(.main, width: Int(main.renderer.outputSize.width), height: Int(main.renderer.outputSize.height)))
        dispatch(.mainWindowMoved(center: main.window.center))
        // A Wayland window appears with its first picture, and compositors stack windows in the
        // order they appear: the main window shows its first before a float asked for at start
        // (P18), which then appears over it even where activation is refused.
        if state.environment.compositorMovesFloat { render() }
        dispatch(.started(openRoom: startRoom.id, float: startRoom.float))
        files.log(.startup("started"))
        if !startItems.isEmpty { dispatch(.itemsGiven(startItems, from: .commandLine)) }
        desktop.accessibility.start(accessibleSnapshot())
        files.log(.startup("a11y"))
        while state.exit == nil {
            if let event = EventQueue.wait(milliseconds: wakeDelayMilliseconds()) {
                handle(event)
                while state.exit == nil, let next = EventQueue.poll() { handle(next) }
            }
            guard state.exit == nil else { break }
            activation?.catchUp()
            poll()
            render()
            dispatch(.idle)
            publishAccessibleTree()
        }
        shutdown()
        return state.exit ?? 0
    }

    /// Reduces an event and carries out its effects; an effect that answers with an event
    /// (a read of the displays or the rooms file, a float that failed to show) is reduced next.
    /// A float that appeared is painted once the queue is empty, never from inside an effect;
    /// a text the core lays out by (``AppState/textToMeasure``) is measured then too.
    /// `time` is when the event happened, if not now (a paint reported when it is done, at the
    /// time it started).
    func dispatch(_ event: AppEvent, at time: Double? = nil) {
        var queue = [event]
        var paintFloat = false
        var time = time
        while !queue.isEmpty {
            let at = time ?? now
            time = nil
            for effect in state.reduceLogged(queue.removeFirst(), now: at) {
                switch perform(effect) {
                case .event(let answer): queue.append(answer)
                case .paintFloat: paintFloat = true
                case nil: break
                }
            }
            // A text the layout is placed by is measured before the next paint or input.
            if queue.isEmpty, let text = state.textToMeasure {
                queue.append(.textMeasured(text, width: fonts.measure(text.text, text.style)))
            }
        }
        if paintFloat { renderFloat(force: true) }
    }

    /// Lets replaced playlist rooms go off the main thread, reports every open room's sources, then ticks.
    private func poll() {
        playlistReader.releaseReplaced()
        for (id, player) in playback.players {
            logStartupSteps(player)
            dispatch(.playbackPolled(id, player.reports))
        }
        for (id, publisher) in broadcasts.publishers { dispatch(.broadcastPolled(id, publisher.stats)) }
        if let call = broadcasts.call { dispatch(.callSendPolled(call.room, call.publisher.stats)) }
        if let call = janusCalls.sent { dispatch(.callSendPolled(call.room, call.report)) }
        files.stats?.flushIfDue(now: DispatchTime.now().uptimeNanoseconds)
        dispatch(.tick(pointer: heldPointerForTick()))
    }

    /// Writes the start-up steps a room's sources reached since the last poll to the stats log.
    private func logStartupSteps(_ player: RoomPlayer) {
        guard files.stats != nil else { return }
        for source in player.sourcePlayers {
            for (step, nanos) in source.takeStartupSteps() { files.log(.startup(step.rawValue), at: nanos) }
        }
    }

    /// The pointer the tick reports for a held float. On X11 the server's own motion events
    /// carry the held pointer (the press grabs it for the float), so the tick repeats the last
    /// one: SDL's cached global position follows only device input and stays at the press
    /// point while the pointer is warped (xdotool, remote desktops), which pulled the dragged
    /// float back to its corner between motions.
    private func heldPointerForTick() -> Point {
        if let fw = floatWindow, fw.xWindow != nil, let held = state.float.heldPointer { return held }
        return globalPointer()
    }

    /// Milliseconds to wait for events before the next tick.
    private func wakeDelayMilliseconds() -> Int32 {
        let t = now
        let delays = state.sourcesAwaitingFrames.compactMap { playback.players[$0.0]?.sourcePlayers[$0.1].nextFrameDelay }
        var wake = state.nextWake(now: t, frameDelay: delays.min())
        if floatWindow?.dismissTarget?.isFading(now: t) == true { wake = min(wake, t + 1 / state.environment.refreshRate) }
        return Int32(max(1, ((wake - t) * 1000).rounded(.up)))
    }

    /// Saves the placement, stops playback and closes windows (W7).
    private func shutdown() {
        desktop.stop()
        if let placement = state.motion?.placement { files.savePlacement(placement) }
        for id in Array(playback.players.keys) { closePlayback(id) }
        broadcasts.stopAll()
        janusCalls.leave()
        playback.stopAudio()
        files.stats?.flush()
        activation?.close()
        floatWindow = nil
    }
}
