import AppCore
import AppCoreTestSupport
import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms
import Session
import XCTest

/// W8 and M5 in the app: live servers' sections in the room list, refreshed off the main
/// thread, their streams as rooms that survive refreshes, and a watched stream's end.
final class DirectoryTests: XCTestCase {
    private let local = LiveServer(id: "local", title: "Local server", stats: "http://127.0.0.1:8080/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"))
    private let other = LiveServer(id: "other", title: "Other server", stats: "http://127.0.0.1:9/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1:9/live/{stream}"))

    private func info(_ name: String, clients: Int = 1, age: Double = 5) -> LiveStreamInfo {
        LiveStreamInfo(name: name, application: "live", isPublishing: true, clients: clients, age: age, width: 640, height: 360)
    }

    /// The file's rooms [Live A, Live B] and the servers, at t = 0 in a 960x600 window.
    private func start(_ servers: [LiveServer]) -> AppState {
        var state = AppState(config: RoomsConfig(rooms: [F.liveA, F.liveB], servers: servers),
                             environment: AppEnvironment(metrics: F.metrics), displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        return state
    }

    private func room(_ server: LiveServer, _ name: String) -> Room {
        Room(id: "\(server.id)/\(name)", title: name, media: .live(source: .url(server.play.url(forStream: name))))
    }

    /// Server `local` lists stream `cam` at t = 1.1; it is opened from the list at 1.3 and
    /// polled as `status` at 1.4.
    private func watching(_ cam: Room, _ status: PlaybackStatus) -> AppState {
        var state = start([local])
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        _ = state.reduce(.directoryFetched(serverID: "local", serial: 1, .success([info("cam")])), now: 1.1)
        _ = state.reduce(F.key(.end), now: 1.2)
        _ = state.reduce(F.key(.enter), now: 1.3)
        _ = state.reduce(.playbackPolled(cam.id, F.reports(cam, status)), now: 1.4)
        return state
    }

    private let fileChecks: [AppEffect] = [.checkRoomsFile]

    /// The effects of a first answer of server `local` that lists stream `name` at 640x360.
    private func listed(_ name: String) -> [AppEffect] {
        [.log(.info, "\(name) is live on local")]
    }

    func testATickFetchesAndALiveStreamBecomesARowUnderItsSectionHeader() {
        var state = start([local])
        assertStep(&state, .tick(pointer: Point(x: 0, y: 0)), now: 1,
                   effects: fileChecks + [.fetchDirectory(serverID: "local", url: local.stats, serial: 1)]) {
            $0.checks.roomsFileAt = 1
            $0.checks.levelsAt = 1
            _ = $0.directory.tick(now: 1)
        }
        XCTAssertTrue(state.shouldPaint(.main, now: 1), "the list's clocks show a new second")
        _ = state.reduce(.painted(.main), now: 1)
        assertStep(&state, .directoryFetched(serverID: "local", serial: 1, .success([info("cam")])), now: 1.2,
                   effects: listed("cam")) {
            _ = $0.directory.received(.success([self.info("cam")]), serverID: "local", serial: 1, now: 1.2)
            $0.paint.main.dirty = true
        }
        let list = state.listViewModel(now: 9.2)
        XCTAssertEqual(list.sections, [SectionHeaderModel(text: "Local server", isUnreachable: false,
                                                          rect: PixelRect(16, 72 + 2 * 72, 928, 64))])
        XCTAssertEqual(list.rows.map(\.title), ["Live A", "Live B", "cam"])
        XCTAssertEqual(list.rows[2].rect, PixelRect(16, 72 + 3 * 72, 928, 64), "the row sits under its header")
        XCTAssertEqual(list.rows[2].detail, "LIVE · 0 watching · 640x360 · 0:13")
        XCTAssertEqual(list.countLabel, "3 rooms")
    }

    func testTheSelectionFollowsItsRoomWhenAnEarlierSectionGrows() {
        var state = start([local, other])
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        _ = state.reduce(.directoryFetched(serverID: "other", serial: 1, .success([info("far")])), now: 1.1)
        assertStep(&state, F.key(.end), now: 1.2, effects: []) {
            $0.main.list.selected = 2
            $0.main.controlsUntil = 4.2
        }
        XCTAssertEqual(state.main.list.selected, 2, "other/far, after the two file rooms")
        assertStep(&state, .directoryFetched(serverID: "local", serial: 1, .success([info("cam")])), now: 1.3,
                   effects: listed("cam")) {
            _ = $0.directory.received(.success([self.info("cam")]), serverID: "local", serial: 1, now: 1.3)
            $0.main.list.selected = 3
        }
        let rows = state.listViewModel(now: 2).rows
        XCTAssertEqual(rows.filter(\.isSelected).map(\.id), ["other/far"])
        XCTAssertEqual(state.listViewModel(now: 2).sections.map(\.rect.y), [72 + 2 * 72, 72 + 4 * 72])
    }

    func testAnUnreachableServerSaysWhyAndWhenInItsHeaderAndTheOtherSectionKeepsItsRows() {
        var state = start([local, other])
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        _ = state.reduce(.directoryFetched(serverID: "local", serial: 1, .success([info("cam")])), now: 1.1)
        let refused = DirectoryError.unreachable(.transport("Could not connect to the server"))
        assertStep(&state, .directoryFetched(serverID: "other", serial: 1, .failure(refused)), now: 1.2,
                   effects: []) {
            _ = $0.directory.received(.failure(refused), serverID: "other", serial: 1, now: 1.2)
        }
        let list = state.listViewModel(now: 3)
        XCTAssertEqual(list.sections.map(\.text), [
            "Local server", "Other server — unreachable: Could not connect to the server (next try in 4 s)",
        ])
        XCTAssertEqual(list.sections.map(\.isUnreachable), [false, true])
        XCTAssertEqual(list.rows.map(\.id), ["live-a", "live-b", "local/cam"])
    }

    func testAFloatingStreamGoneForFifteenSecondsIsReleasedWithAToastAndItsRowGoes() {
        let cam = room(local, "cam")
        var state = watching(cam, .playing)
        let frame = Rect(x: 1920 - 16 - 480, y: 1080 - 16 - 270, width: 480, height: 270)
        assertStep(&state, F.key(.letter("p")), now: 2,
                   effects: enterFloatEffects(cam.id, title: "cam", frame: frame)
                    + [.setVideo(cam.id, source: 0, video(480, 270))]) {
            _ = $0.fields.send(.focusControl("main/list"))
            $0.floatEntered(cam.id, motion: FloatMotion(displays: [F.display], videoAspect: 16.0 / 9.0, placement: nil), at: 2)
        }
        XCTAssertEqual(state.session.floatingRoomID, cam.id)
        // Refreshes at 6.1 miss the stream: gone since the request went out.
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 6.1)
        assertStep(&state, .directoryFetched(serverID: "local", serial: 2, .success([])), now: 6.2, effects: []) {
            _ = $0.directory.received(.success([]), serverID: "local", serial: 2, now: 6.2)
        }
        XCTAssertEqual(state.listedRooms.last, cam, "the row stays while the stream may come back")
        let effects = state.reduceLogged(.tick(pointer: Point(x: 0, y: 0)), now: 21.1)
        XCTAssertNil(state.session.floatingRoomID)
        XCTAssertNil(state.session.openRoomID)
        XCTAssertEqual(Array(state.listedRooms), [F.liveA, F.liveB])
        XCTAssertEqual(state.toasts.map(\.message), ["cam ended"])
        XCTAssertEqual(state.main.list.selected, 1, "the selection stays inside the shorter list")
        XCTAssertTrue(effects.contains(.hideFloat) && effects.contains(.closePlayback(cam.id)))
        XCTAssertTrue(effects.contains(.stats(.toast("cam ended"))))
        XCTAssertTrue(effects.contains(.log(.info, "cam ended on local")))
    }

    func testAReconnectingWatchedStreamListedAgainRetriesAtOnceAndItsServerIsAskedTwiceASecond() {
        let cam = room(local, "cam")
        var state = watching(cam, .reconnecting(attempt: 3, retryIn: 2))
        let refused = DirectoryError.unreachable(.transport("Could not connect to the server"))
        assertStep(&state, .tick(pointer: Point(x: 0, y: 0)), now: 1.45, effects: []) { $0.checks.levelsAt = 1.45 }
        XCTAssertNil(state.directory.section("local")?.pendingSerial, "not asked again 0.45 s after the last refresh")
        assertStep(&state, .tick(pointer: Point(x: 0, y: 0)), now: 1.5,
                   effects: [.fetchDirectory(serverID: "local", url: local.stats, serial: 2)]) {
            _ = $0.directory.refresh(serverID: "local", now: 1.5)
        }
        XCTAssertEqual(state.directory.section("local")?.pendingSerial, 2, "asked again half a second after the last refresh")
        assertStep(&state, .directoryFetched(serverID: "local", serial: 2, .failure(refused)), now: 1.7,
                   effects: []) {
            _ = $0.directory.received(.failure(refused), serverID: "local", serial: 2, now: 1.7)
            $0.paint.main.dirty = true
        }
        XCTAssertFalse(state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1.95).contains {
            if case .fetchDirectory = $0 { true } else { false }
        }, "not asked again 0.45 s after the last try")
        let effects = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 2.0)
        XCTAssertTrue(effects.contains(.fetchDirectory(serverID: "local", url: local.stats, serial: 3)))
        assertStep(&state, .directoryFetched(serverID: "local", serial: 3, .success([info("cam", clients: 2)])), now: 2.1,
                   effects: [.retryPlaybackNow(cam.id)]) {
            _ = $0.directory.received(.success([self.info("cam", clients: 2)]), serverID: "local", serial: 3, now: 2.1)
            $0.paint.main.dirty = true
        }
    }

    func testAWatchedStreamStuckBufferingForThreeSecondsWhileListedIsOpenedAgainKeepingItsSound() {
        let cam = room(local, "cam")
        var state = watching(cam, .buffering(percent: 99))
        _ = state.reduce(.key(.letter("m"), window: .main, ctrl: false, isRepeat: false), now: 1.5)
        var effects = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 4.3)
        XCTAssertFalse(effects.contains(.openPlayback(cam, delayLimit: nil)), "2.9 s of buffering is not stuck yet")
        effects = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 4.5)
        XCTAssertTrue(effects.contains(.openPlayback(cam, delayLimit: nil)))
        XCTAssertTrue(effects.contains(.setAudio(cam.id, muted: true, volume: 1)), "the mute survives the reopen")
        XCTAssertEqual(state.rooms[cam.id]?.statusSince, 4.5)
        effects = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 5)
        XCTAssertFalse(effects.contains(.openPlayback(cam, delayLimit: nil)), "not again before another 3 s")
    }
}
