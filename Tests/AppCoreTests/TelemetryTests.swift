import AppCore
import AppCoreTestSupport
import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms
import XCTest

/// The stats log (`--stats`, SPEC section 6) as ``Telemetry`` derives it: `reduceLogged` returns the
/// effects with the log's lines in their places, which `reduce` (what step tests assert) leaves
/// out, so a change of the log breaks these tests and not the reducers' steps.
final class TelemetryTests: XCTestCase {
    /// Reduces `event` at `now` and returns the stats lines it writes, in order.
    private func lines(_ state: inout AppState, _ event: AppEvent, now: Double) -> [StatsEvent] {
        state.reduceLogged(event, now: now).compactMap { if case .stats(let line) = $0 { line } else { nil } }
    }

    /// Ticks at `t` and answers a refresh that starts with `streams`; returns the lines of both.
    private func refresh(_ state: inout AppState, _ streams: [LiveStreamInfo], at t: Double) -> [StatsEvent] {
        let effects = state.reduceLogged(.tick(pointer: .zero), now: t)
        var out = effects.compactMap { if case .stats(let line) = $0 { line } else { nil } }
        for case .fetchDirectory(_, _, let serial) in effects {
            out += lines(&state, .directoryFetched(serverID: "local", serial: serial, .success(streams)), now: t + 0.05)
        }
        return out
    }

    func testOpeningFloatingMovingAndLeavingARoom() {
        var state = F.start()
        state.main.list.selected = F.rooms.firstIndex(of: F.liveA)!
        XCTAssertEqual(lines(&state, F.key(.enter), now: 1), [.open("live-a", sources: 1), .status("live-a", .connecting), .mainContent("live-a")], "enter")
        XCTAssertEqual(lines(&state, .playbackPolled("live-a", F.reports(F.liveA, .playing)), now: 1.1), [.sourceOpen("live-a", source: 0, count: 1), .status("live-a", .playing)], "poll")
        XCTAssertEqual(lines(&state, F.key(.letter("m")), now: 1.2), [.mute("live-a", muted: true)], "mute")
        XCTAssertEqual(lines(&state, F.key(.up), now: 1.3), [], "volume")
        XCTAssertEqual(lines(&state, .media(.pause), now: 1.4), [.paused("live-a", paused: true)], "pause")
        XCTAssertEqual(lines(&state, .media(.play), now: 1.5), [.paused("live-a", paused: false)], "play")
        XCTAssertEqual(lines(&state, F.key(.letter("p")), now: 2), [.floatShown("live-a", PixelRect(1424, 794, 480, 270)), .mainContent(nil)], "pip")
        XCTAssertEqual(lines(&state, F.key(.left, .float), now: 2.5), [.snapTarget("SnapTarget(anchor: PiPLayout.Anchor.corner(PiPLayout.Corner.bottomLeft), frame: PiPLayout.Rect(origin: PiPLayout.Point(x: 16.0, y: 794.0), size: PiPLayout.Size(width: 480.0, height: 270.0)))")], "arrow")
        XCTAssertEqual(lines(&state, .tick(pointer: .zero), now: 3), [], "tick")
        XCTAssertEqual(lines(&state, .tick(pointer: .zero), now: 3.05), [.floatMove(PixelRect(697, 794, 480, 270))], "tick2")
        XCTAssertEqual(lines(&state, F.key(.letter("w"), .float, ctrl: true), now: 4), [.floatHidden, .stop("live-a"), .mainContent(nil)], "close")
    }

    private let local = LiveServer(id: "local", title: "Local server", stats: "http://127.0.0.1:8080/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
                                   calls: CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))
    private let standup = Room(id: "standup", title: "Stand-up", media: .call(participants: []), callServerID: "local")

    private func member(_ name: String) -> LiveStreamInfo {
        LiveStreamInfo(name: "standup~" + ParticipantName.encode(name), application: "call", isPublishing: true, clients: 2, age: 3)
    }

    func testACallsJoinPeopleSpeakersSendingAndLeave() {
        let me = Me(name: "Ada", camera: .source(.lavfi(graph: "testsrc2")), microphone: .source(.lavfi(graph: "sine")))
        var state = AppState(config: RoomsConfig(rooms: [F.liveA, standup], servers: [local], me: me),
                             environment: AppEnvironment(metrics: F.metrics), displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        XCTAssertEqual(lines(&state, .tick(pointer: .zero), now: 1), [], "tick")
        XCTAssertEqual(lines(&state, .directoryFetched(serverID: "local", serial: 1, .success(["Grace", "Bob"].map(member))), now: 1.1), [.server("local", reachable: true, reason: nil)], "fetched")
        XCTAssertEqual(lines(&state, F.key(.end), now: 1.2) + lines(&state, F.key(.enter), now: 1.3), [.call("standup", phase: "joined"), .open("standup", sources: 2), .status("standup", .connecting), .mainContent("standup")], "enter")
        XCTAssertEqual(lines(&state, .playbackPolled("standup", [SourceReport(status: .playing), SourceReport(status: .connecting, remote: CallSending(microphoneMuted: true, cameraOff: false))]), now: 1.4), [
            .sourceOpen("standup", source: 0, count: 1), .sourceOpen("standup", source: 1, count: 1),
            .remoteState("standup", source: 1, name: "Bob", muted: true, cameraOff: false),
            .sourceStatus("standup", source: 0, .playing), .status("standup", .playing),
        ], "poll")
        XCTAssertEqual(lines(&state, .callSendPolled("standup", BroadcastReport(phase: .live)), now: 1.5), [.call("standup", phase: "sending-live")], "sending")
        XCTAssertEqual(lines(&state, F.key(.letter("m")), now: 1.6), [.call("standup", phase: "mic-muted")], "mic")
        XCTAssertEqual(lines(&state, F.key(.letter("v")), now: 1.7), [.call("standup", phase: "camera-off")], "camera")
        XCTAssertEqual(lines(&state, F.key(.letter("m")), now: 1.71) + lines(&state, F.key(.letter("v")), now: 1.72)
                       + lines(&state, F.key(.letter("m")), now: 1.73) + lines(&state, F.key(.letter("v")), now: 1.74),
                       [.call("standup", phase: "mic-on"), .call("standup", phase: "camera-on"),
                        .call("standup", phase: "mic-muted"), .call("standup", phase: "camera-off")], "switched back and again")
        var levels = 1.8
        var spoke: [StatsEvent] = []
        while levels < 3 {
            spoke += lines(&state, .playbackPolled("standup", [SourceReport(status: .playing, level: -90), SourceReport(status: .playing, level: -10, remote: CallSending(microphoneMuted: true, cameraOff: false))]), now: levels)
            spoke += refresh(&state, ["Grace", "Bob", "Ada"].map(member), at: levels + 0.05)
            levels += 0.1
        }
        XCTAssertEqual(spoke, [.sourceStatus("standup", source: 1, .playing), .speaker("standup", source: 1, name: "Bob")], "speaker")
        var people: [StatsEvent] = []
        for t in stride(from: 3.0, through: 6, by: 0.5) { people += refresh(&state, ["Grace", "Carol", "Ada"].map(member), at: t) }
        XCTAssertEqual(people, [.callPeople("standup", joined: ["Carol"], left: ["Bob"])], "people")
        XCTAssertEqual(lines(&state, F.key(.escape), now: 7), [.call("standup", phase: "left"), .stop("standup"), .mainContent(nil)], "leave")
    }

    func testACallsRetryWritesTheReopenedSourcesAndTheRoomsNewStatus() {
        var state = F.open(F.call)
        let failed = PlaybackStatus.failed(.streamFailed("x"))
        XCTAssertEqual(lines(&state, .playbackPolled("call", [SourceReport(status: failed), SourceReport(status: failed), SourceReport(status: .playing)]), now: 2),
                       [.sourceStatus("call", source: 0, failed), .sourceStatus("call", source: 1, failed)], "the room still plays")
        XCTAssertEqual(lines(&state, F.key(.letter("r")), now: 3),
                       [.sourceStatus("call", source: 0, .connecting), .sourceStatus("call", source: 1, .connecting)], "retry")
        XCTAssertEqual(lines(&state, .playbackPolled("call", [SourceReport(status: failed), SourceReport(status: failed), SourceReport(status: failed)]), now: 4),
                       [.sourceOpen("call", source: 0, count: 1), .sourceOpen("call", source: 1, count: 1),
                        .sourceStatus("call", source: 0, failed), .sourceStatus("call", source: 1, failed), .sourceStatus("call", source: 2, failed),
                        .status("call", failed)], "all failed, the reopened sources counting their new open")
        XCTAssertEqual(lines(&state, F.key(.letter("r")), now: 5),
                       [.sourceStatus("call", source: 0, .connecting), .sourceStatus("call", source: 1, .connecting),
                        .sourceStatus("call", source: 2, .connecting), .status("call", .connecting)], "a retry of them all")
    }

    private let studio = Room(id: "studio", title: "Studio", role: .host, media: .live(source: .lavfi(graph: "testsrc2")),
                              broadcast: Broadcast(publishURL: "rtmp://127.0.0.1:1935/live/studio", serverID: "local"))

    func testABroadcastsPhases() {
        var state = F.start(rooms: [studio])
        _ = state.reduce(F.key(.enter), now: 1)
        XCTAssertEqual(lines(&state, F.key(.letter("g")), now: 2), [.broadcast("studio", phase: "connecting")], "golive")
        XCTAssertEqual(lines(&state, .broadcastPolled("studio", BroadcastReport(phase: .live, liveSeconds: 1)), now: 3), [.broadcast("studio", phase: "live")], "live")
        XCTAssertEqual(lines(&state, .broadcastPolled("studio", BroadcastReport(phase: .live, liveSeconds: 2)), now: 3.5), [], "figures")
        XCTAssertEqual(lines(&state, F.key(.letter("g")), now: 4), [.broadcast("studio", phase: "stopped"), .open("studio", sources: 1)], "stop")
        XCTAssertEqual(lines(&state, F.key(.letter("g")), now: 5), [.broadcast("studio", phase: "connecting")], "golive again")
        XCTAssertEqual(lines(&state, .broadcastPolled("studio", BroadcastReport(phase: .reconnecting(attempt: 1, nextTryIn: 2))), now: 6),
                       [.broadcast("studio", phase: "reconnecting(1)")], "reconnecting")
    }

    func testALiveServersReachStreamsAndAStreamsEnd() {
        var state = AppState(config: RoomsConfig(rooms: [F.liveA], servers: [local]), environment: AppEnvironment(metrics: F.metrics),
                             displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.tick(pointer: .zero), now: 1)
        let cam = LiveStreamInfo(name: "cam", application: "live", isPublishing: true, clients: 1, age: 5, width: 1280, height: 720)
        XCTAssertEqual(lines(&state, .directoryFetched(serverID: "local", serial: 1, .success([cam])), now: 1.1), [.server("local", reachable: true, reason: nil), .streamListed("local/cam", resolution: "1280x720")], "listed")
        _ = state.reduce(F.key(.end), now: 1.2)
        _ = state.reduce(F.key(.enter), now: 1.3)
        var gone: [StatsEvent] = []
        for t in stride(from: 2.0, through: 40, by: 1) { gone += refresh(&state, [], at: t) }
        XCTAssertEqual(gone, [.streamEnded("local/cam"), .stop("local/cam"), .mainContent(nil), .toast("cam ended")], "gone")
        let serial = state.reduce(.focused(minimized: false), now: 41).compactMap { if case .fetchDirectory(_, _, let s) = $0 { s } else { nil } }.first ?? -1
        XCTAssertEqual(lines(&state, .directoryFetched(serverID: "local", serial: serial, .failure(.unreachable(.transport("connection refused")))), now: 41.1), [.server("local", reachable: false, reason: "connection refused")], "unreachable")
    }

    func testADraggedFloatsDismissTargetShowsPullsAndHides() {
        var state = F.floating(F.liveA)
        _ = state.reduce(.pointerPressed(window: .float, x: 200, y: 100, global: Point(x: 1600, y: 900), time: 3), now: 3)
        XCTAssertEqual(lines(&state, .pointerMoved(window: .float, x: 200, y: 100, global: Point(x: 1500, y: 900), time: 3.05), now: 3.05),
                       [.floatMove(PixelRect(1324, 794, 480, 270)), .dismissTarget(.shown, PixelRect(920, 952, 80, 80))], "shown")
        XCTAssertEqual(lines(&state, .pointerMoved(window: .float, x: 200, y: 100, global: Point(x: 896, y: 963), time: 3.2), now: 3.2),
                       [.floatMove(PixelRect(756, 851, 408, 230)), .dismissTarget(.pulling, PixelRect(920, 952, 80, 80))], "pulling")
        XCTAssertEqual(lines(&state, .pointerMoved(window: .float, x: 200, y: 100, global: Point(x: 900, y: 600), time: 3.4), now: 3.4),
                       [.floatMove(PixelRect(724, 494, 480, 270)), .dismissTarget(.released, PixelRect(920, 952, 80, 80))], "released")
        XCTAssertEqual(lines(&state, .pointerReleased(window: .float, x: 0, y: 0, global: Point(x: 900, y: 600), time: 3.6, overFloat: false), now: 3.6),
                       [.dismissTargetHidden, .snapTarget("\(SnapTarget(anchor: .corner(.bottomRight), frame: Rect(x: 1424, y: 794, width: 480, height: 270)))")],
                       "hidden")
    }

    func testARoomsFileReloadAndANewScale() {
        var state = F.start()
        XCTAssertEqual(lines(&state, .roomsReloaded(RoomsConfig(rooms: [F.liveA, F.liveB])), now: 1), [.roomsReloaded(rooms: 2)], "reload")
        XCTAssertEqual(lines(&state, .scaleChanged(UIMetrics(scale: 2) { text, _ in text.count * 14 }), now: 2), [.scale(2)], "scale")
        XCTAssertEqual(lines(&state, .scaleChanged(state.environment.metrics), now: 3), [], "the same metrics again")
    }

    func testAListPaintWithNewWordsWritesThem() {
        var state = AppState(config: .init(rooms: F.rooms), environment: AppEnvironment(metrics: F.metrics))
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        let shown = StatsEvent.listShown(count: "\(F.rooms.count) rooms", statuses: F.rooms.map { _ in "Idle" })
        XCTAssertEqual(lines(&state, .painted(.main), now: 0.1), [shown])
        XCTAssertEqual(state.paint.logged.list, shown)
        XCTAssertEqual(lines(&state, .painted(.main), now: 0.2), [], "the same words again are not news")
    }

    func testTheCallFloatsSpeakerIsWrittenWhenAPaintShowsAnotherOne() {
        var first = F.open(F.call)
        _ = first.reduce(F.key(.letter("p")), now: 2)
        XCTAssertEqual(lines(&first, .painted(.float), now: 2), [.floatSpeaker("call", name: "P0", muted: false)],
                       "the float's first paint shows its speaker")
        var state = F.floating(F.call)
        XCTAssertEqual(state.paint.logged.floatSpeaker, .floatSpeaker("call", name: "P0", muted: false))
        XCTAssertEqual(lines(&state, .painted(.float), now: 2.5), [], "the same speaker again is not news")
    }

    func testAPresentWritesTheNewPictureItShowsOrAFloatWithoutOne() {
        var state = F.open(F.liveA)
        XCTAssertEqual(lines(&state, .pictureShown(.main, pts: 1.5), now: 1.6), [], "no new frame waited for this paint")
        _ = state.reduce(.framesUploaded(.main), now: 1.7)
        XCTAssertEqual(lines(&state, .pictureShown(.main, pts: 1.7), now: 1.7), [.frame(window: .main, "live-a", pts: 1.7)])
        _ = state.reduce(F.key(.letter("p")), now: 2)
        XCTAssertEqual(lines(&state, .pictureShown(.float, pts: 1.9), now: 2), [.frame(window: .float, "live-a", pts: 1.9)],
                       "a float's first present shows a new picture")
        _ = state.reduce(.painted(.float), now: 2)
        XCTAssertEqual(lines(&state, .pictureShown(.float, pts: 1.9), now: 2.1), [], "the same picture painted again")
        XCTAssertEqual(lines(&state, .pictureShown(.float, pts: nil), now: 2.2), [.blank(window: .float, "live-a")])
    }

    func testOnlyACallsTilesOnScreenWriteTheirNewPictures() {
        var state = F.open(F.call)
        let frames = [UploadedFrame(source: 0, pts: 1, still: false), UploadedFrame(source: 2, pts: 1.1, still: true)]
        XCTAssertEqual(lines(&state, .framesUploaded(.main, frames: frames), now: 1.5),
                       [.tileFrame("call", source: 0, pts: 1, still: false), .tileFrame("call", source: 2, pts: 1.1, still: true)])
        _ = state.reduce(F.key(.letter("l")), now: 2)
        XCTAssertEqual(state.mainSources, [0], "spotlight shows the active speaker only")
        XCTAssertEqual(lines(&state, .framesUploaded(.main, frames: frames), now: 2.5), [.tileFrame("call", source: 0, pts: 1, still: false)])
        var live = F.open(F.liveA)
        XCTAssertEqual(lines(&live, .framesUploaded(.main, frames: [UploadedFrame(source: 0, pts: 1, still: false)]), now: 1.5), [],
                       "a live room has no tiles")
    }
}
