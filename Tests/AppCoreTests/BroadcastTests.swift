import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Rooms
import XCTest

/// W6, W9: going live from a host room with a broadcast destination, its figures, Stop.
final class BroadcastTests: XCTestCase {
    private let studio = Room(id: "studio", title: "Studio", role: .host,
                              media: .live(source: .lavfi(graph: "testsrc2")),
                              broadcast: Broadcast(publishURL: "rtmp://127.0.0.1:1935/live/studio", serverID: "local"))

    func testGoLiveClosesThePlaybackStartsTheBroadcastShowsItsFiguresAndStopReopensThePreview() {
        var state = F.start(rooms: [studio])
        _ = state.reduce(F.key(.enter), now: 1)
        _ = state.reduce(.playbackPolled("studio", F.reports(studio, .playing)), now: 1.1)
        assertStep(&state, F.key(.letter("g")), now: 2, effects: [
            .closePlayback("studio"), .resetMainVideo,
            .startBroadcast("studio", source: "lavfi:testsrc2", broadcast: studio.broadcast!),
            .log(.info, "studio goes live to rtmp://127.0.0.1:1935/live/studio"),
        ]) {
            $0.broadcasting.live = BroadcastState(room: "studio")
            $0.main.controlsUntil = 5
            $0.paint.main.dirty = true
        }
        let live = BroadcastReport(phase: .live, liveSeconds: 65, bitsPerSecond: 2_480_000, droppedFrames: 2)
        assertStep(&state, .broadcastPolled("studio", live), now: 3, effects: [
            .log(.info, "studio broadcast: LIVE 1:05 · 2.5 Mb/s · 2 dropped"),
        ]) { $0.broadcasting.live?.report = live }
        XCTAssertEqual(state.roomLayout(now: 3)?.broadcastLine, "LIVE 1:05 · 2.5 Mb/s · 2 dropped")
        XCTAssertTrue(state.roomLayout(now: 3)?.buttons.contains { $0.control == .goLive && $0.active } == true)
        let effects = state.reduceLogged(F.key(.letter("g")), now: 4)
        XCTAssertEqual(Array(effects.prefix(2)), [.stopBroadcast("studio"), .stats(.broadcast("studio", phase: "stopped"))])
        XCTAssertTrue(effects.contains(.openPlayback(studio, delayLimit: nil)), "the local preview comes back from the room's own playback")
        XCTAssertNil(state.broadcast)
    }

    func testLeavingTheHostRoomEndsItsBroadcastAndAnAudienceRoomCannotGoLive() {
        var state = F.start(rooms: [studio, F.liveA])
        _ = state.reduce(F.key(.enter), now: 1)
        _ = state.reduce(F.key(.letter("g")), now: 2)
        assertStep(&state, F.key(.escape), now: 2.5, effects: []) {
            _ = $0.fields.send(.focusControl("main/list"))
            $0.session.mainWindow.content = .list
            $0.main.controlsUntil = 5.5
        }
        XCTAssertNotNil(state.broadcast, "the host browses the list while the broadcast goes on (W2)")
        _ = state.reduce(F.key(.enter), now: 3)
        guard let leave = state.roomLayout(now: 3)?.buttons.first(where: { $0.control == .leave })?.rect else {
            return XCTFail("the host view has a Leave control")
        }
        let (x, y) = (leave.x + 2, leave.y + 2)
        _ = state.reduce(.pointerPressed(window: .main, x: x, y: y, global: Point(x: 0, y: 0), time: 3.1), now: 3.1)
        let effects = state.reduce(
            .pointerReleased(window: .main, x: x, y: y, global: Point(x: 0, y: 0), time: 3.2, overFloat: false), now: 3.2)
        XCTAssertEqual(effects.first, .stopBroadcast("studio"), "leaving the host room ends the broadcast (W6)")
        XCTAssertNil(state.broadcast)
        var audience = F.start(rooms: [F.liveA])
        _ = audience.reduce(F.key(.enter), now: 1)
        XCTAssertEqual(audience.reduce(F.key(.letter("g")), now: 2), [])
        XCTAssertNil(audience.broadcast)
    }
}
