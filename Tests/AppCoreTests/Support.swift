import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Rooms
import Session
import TestSupport
import XCTest

/// Rooms, metrics and states the app-core tests start from.
enum F {
    static let liveA = FixtureRooms.liveA
    static let liveB = FixtureRooms.liveB
    static let call = FixtureRooms.call
    static let host = FixtureRooms.host
    static let noPiP = FixtureRooms.noPiP
    static let rooms = FixtureRooms.all

    /// Labels 7 px per character, as a stand-in for a font.
    static let metrics = UIMetrics(scale: 1) { text, _ in text.count * 7 }
    static let display = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080))

    /// The start state: list shown in a 960x600 window, nothing open.
    static func start(rooms: [Room] = rooms, settings: RoomsSettings = RoomsSettings(),
                      environment: AppEnvironment = AppEnvironment(metrics: metrics)) -> AppState {
        var state = AppState(config: RoomsConfig(rooms: rooms, settings: settings),
                             environment: environment, displays: [display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        return state
    }

    /// `room` open in the main window at t = 1, its sources polled as `status` at t = 1.
    static func open(_ room: Room, status: PlaybackStatus = .playing) -> AppState {
        var state = start()
        let index = rooms.firstIndex(of: room)!
        state.main.list.selected = index
        _ = state.reduce(.key(.enter, window: .main, ctrl: false, isRepeat: false), now: 1)
        _ = state.reduce(.playbackPolled(room.id, reports(room, status)), now: 1)
        _ = state.reduce(.painted(.main), now: 1)
        return state
    }

    /// `room` floating by the PiP key at t = 2.
    static func floating(_ room: Room) -> AppState {
        var state = open(room)
        _ = state.reduce(.key(.letter("p"), window: .main, ctrl: false, isRepeat: false), now: 2)
        _ = state.reduce(.painted(.main), now: 2)
        _ = state.reduce(.painted(.float), now: 2)
        return state
    }

    /// Each source of `room` reporting `status`, opened once.
    static func reports(_ room: Room, _ status: PlaybackStatus, levels: [Double]? = nil) -> [SourceReport] {
        let count: Int
        switch room.media {
        case .live: count = 1
        case .call(let ps): count = ps.count
        }
        return (0..<count).map { SourceReport(status: status, opens: 1, level: levels?[$0] ?? -90) }
    }

    static func key(_ key: Key, _ window: WindowKind = .main, ctrl: Bool = false) -> AppEvent {
        .key(key, window: window, ctrl: ctrl, isRepeat: false)
    }
}

/// The effects of entering the float with a room of `title` at `frame` (the displays are read
/// fresh as it shows).
func enterFloatEffects(_ id: RoomID, title: String, frame: Rect) -> [AppEffect] {
    [.publish(.lifecycle(.willStart)), .showFloat(id, frame: frame, title: "\(title) - PiP"),
     .readDisplays,
     .publish(.layout(.pipLayoutEnabled)), .publish(.lifecycle(.didStart))]
}

/// A source shown in full, its pictures converted to fit `width` x `height`.
func video(_ width: Int, _ height: Int) -> VideoDemand {
    .full(width: width, height: height)
}

/// A room just opened at `t` in the 960x600 main window (a live room converts at the window's size).
func justOpened(_ room: Room, at t: Double, muted: Bool = false) -> OpenRoom {
    var open = OpenRoom(openedAt: t, count: 1, muted: muted)
    open.video = [video(960, 600)]
    return open
}

/// The changes the tests expect of common steps, for `assertStep`'s `changes`.
extension AppState {
    /// Floating room `id` by its key at `t`: the session floats it, the motion is `motion`, a
    /// fresh float of its frame's size shows, the displays count as read and the main window's
    /// list shows its bar; the room converts at the float's size.
    mutating func floatEntered(_ id: RoomID, motion: FloatMotion, at t: Double) {
        _ = session.reduce(.pipRequested(origin: .key))
        self.motion = motion
        float = FloatState()
        paint.float = PaintState()
        float.visible = true
        float.width = Int(motion.frame.width.rounded())
        float.height = Int(motion.frame.height.rounded())
        checks.displaysAt = t
        main.controlsUntil = t + MainState.controlsTimeout
        rooms[id]?.video = [video(float.width, float.height)]
    }

    /// Leaving the float of room `id` for its full view at `t`, whose sources then convert as
    /// `video`: the float shows until the main window's first picture, 0.5 s at most (P16).
    mutating func floatLeft(_ id: RoomID, video: [VideoDemand], at t: Double) {
        _ = session.reduce(.floatClicked)
        float.closesBy = t + 0.5
        main.controlsUntil = t + MainState.controlsTimeout
        paint.main.dirty = true
        rooms[id]?.video = video
    }

    /// The main window presents its first picture of the room at `t`: a float handing the room
    /// over to it closes (P16).
    mutating func mainPresentedRoom(at t: Double) -> [AppEffect] {
        reduce(.pictureShown(.main, pts: 1), now: t)
    }

    /// Room `id`'s sources polled at `t` as `sources`, making its combined status `status`:
    /// each source that changed is timed from `t`, and the new status is reported.
    mutating func statusPolled(_ id: RoomID, sources: [PlaybackStatus], status: PlaybackStatus, at t: Double) {
        guard var room = rooms[id] else { return }
        for i in sources.indices where sources[i] != room.sources[i] { room.sourceSince[i] = t }
        room.sources = sources
        room.statusSince = t
        rooms[id] = room
        session.playback[id] = status
    }
}
