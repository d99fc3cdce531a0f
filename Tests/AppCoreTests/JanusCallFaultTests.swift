import AppCore
import EngineTerms
import JanusProtocol
import LiveDirectory
import PiPLayout
import Rooms
import XCTest

/// R8's faults in the app core: a media connection that gives up is said in the call view until
/// the call is joined again (or Janus goes away and the call reconnects), and the user can still
/// leave; a Janus that cannot be reached at join says Reconnecting, not Joining….
final class JanusCallFaultTests: XCTestCase {
    private let sfu = LiveServer.janus(id: "sfu", title: "Janus", api: "http://127.0.0.1:8088/janus")
    private let weekly = Room(id: "weekly", title: "Weekly", media: .call(participants: []), callServerID: "sfu", videoRoom: 1234)
    private let me = Me(name: "Ada", camera: .source(.lavfi(graph: "testsrc2")), microphone: .source(.lavfi(graph: "sine")))

    /// The call room Weekly on Janus `sfu`, opened (joined) at t = 1.3.
    private func joined() throws -> AppState {
        let config = RoomsConfig(rooms: [F.liveA, weekly], servers: [sfu], me: me)
        var state = AppState(config: config, environment: AppEnvironment(metrics: F.metrics, desktop: DesktopDevices(accountName: "A")),
                             displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        state.main.list.selected = 1
        let effects = state.reduce(F.key(.enter), now: 1.3)
        XCTAssertTrue(effects.contains { if case .joinJanusCall("weekly", _) = $0 { true } else { false } }, "\(effects)")
        XCTAssertEqual(state.roomLayout(now: 1.4)?.broadcastLine, "Joining…")
        return state
    }

    func testMediaThatNeverConnectsIsAClearErrorAndTheUserCanLeave() throws {
        var state = try joined()
        _ = state.reduce(.janusCallJoined("weekly", feed: 42), now: 1.5)
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .live, sentFrames: 10, connections: 1)), now: 2)
        XCTAssertNil(state.roomLayout(now: 2)?.broadcastLine)
        XCTAssertEqual(state.roomLayout(now: 2)?.selfView?.cameraOff, false)

        let effects = state.reduce(.callFailed("weekly", .mediaTimedOut(seconds: 8)), now: 9.6)
        XCTAssertEqual(effects, [.log(.warn, "weekly: No media connection to the call after 8 s (ICE): leave and join again to retry")])
        XCTAssertEqual(state.roomLayout(now: 9.7)?.broadcastLine,
                       "No media connection to the call after 8 s (ICE): leave and join again to retry")
        // The publisher's own phase stays live: the failure is what the view says, poll after poll.
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .live, sentFrames: 30, connections: 1)), now: 10)
        XCTAssertEqual(state.roomLayout(now: 10)?.broadcastLine,
                       "No media connection to the call after 8 s (ICE): leave and join again to retry")
        XCTAssertTrue(state.reduce(.callFailed("weekly", .mediaTimedOut(seconds: 8)), now: 10.5).isEmpty, "said once")

        let leave = state.reduce(F.key(.escape), now: 11)
        XCTAssertTrue(leave.contains(.leaveCall("weekly")), "\(leave)")
        XCTAssertNil(state.call)
    }

    func testAJoinJanusRefusesIsAClearErrorAndTheUserCanLeave() throws {
        var state = try joined()
        let noRoom = JanusError.videoRoom(VideoRoomError(code: VideoRoomError.noSuchRoom, reason: "No such room (1234)"))
        let effects = state.reduce(.callFailed("weekly", .joinFailed(videoRoom: 1234, noRoom)), now: 1.6)
        let words = "The call's server has no VideoRoom 1234: leave, and check the room's \"videoroom\" in the rooms file"
        XCTAssertEqual(effects, [.log(.warn, "weekly: " + words)])
        XCTAssertEqual(state.roomLayout(now: 1.7)?.broadcastLine, words)
        XCTAssertEqual(state.roomLayout(now: 1.7)?.selfView?.cameraOff, true, "the capture ended: the self view shows the name")
        // The session ended itself: its publisher's phase says stopped, and the view still says why.
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .stopped)), now: 2)
        XCTAssertEqual(state.roomLayout(now: 2)?.broadcastLine, words)

        let refused = JanusError.videoRoom(VideoRoomError(code: 432, reason: "Maximum number of publishers (1) already reached"))
        _ = state.reduce(.callFailed("weekly", .joinFailed(videoRoom: 1234, refused)), now: 3)
        XCTAssertEqual(state.roomLayout(now: 3)?.broadcastLine, "Could not join the call: Janus refused (432): "
                       + "Maximum number of publishers (1) already reached. Leave and join again to retry")

        let leave = state.reduce(F.key(.escape), now: 4)
        XCTAssertTrue(leave.contains(.leaveCall("weekly")), "\(leave)")
        XCTAssertNil(state.call)
        XCTAssertNil(state.roomLayout(now: 4)?.broadcastLine)
    }

    func testAFailureIsClearedWhenJanusTakesTheUserInAgain() throws {
        var state = try joined()
        _ = state.reduce(.janusCallJoined("weekly", feed: 42), now: 1.5)
        _ = state.reduce(.callFailed("weekly", .mediaFailed), now: 3)
        XCTAssertEqual(state.roomLayout(now: 3)?.broadcastLine,
                       "The call's media connection failed (ICE or DTLS): leave and join again to retry")
        // Janus goes away: the call reconnects, and says so rather than the old failure.
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .reconnecting(attempt: 1, nextTryIn: 0.5))), now: 4)
        XCTAssertEqual(state.roomLayout(now: 4)?.broadcastLine, "Reconnecting 1 (next try in 1 s) · 0 dropped")
        _ = state.reduce(.callFailed("weekly", .mediaFailed), now: 5)
        _ = state.reduce(.janusCallJoined("weekly", feed: 43), now: 6)
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .live, connections: 2)), now: 6.1)
        XCTAssertNil(state.roomLayout(now: 6.1)?.broadcastLine, "joined anew: the failure was the old session's")
    }

    func testAFailureOfAnotherRoomOrAfterLeavingIsIgnored() throws {
        var state = try joined()
        XCTAssertTrue(state.reduce(.callFailed("other", .mediaFailed), now: 2).isEmpty)
        XCTAssertEqual(state.roomLayout(now: 2)?.broadcastLine, "Joining…")
        _ = state.reduce(F.key(.escape), now: 3)
        XCTAssertTrue(state.reduce(.callFailed("weekly", .mediaFailed), now: 4).isEmpty)
    }

    func testJanusUnreachableAtJoinSaysReconnecting() throws {
        var state = try joined()
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .reconnecting(attempt: 3, nextTryIn: 2))), now: 3)
        XCTAssertEqual(state.roomLayout(now: 3)?.broadcastLine, "Reconnecting 3 (next try in 2 s) · 0 dropped")
        _ = state.reduce(.janusCallJoined("weekly", feed: 42), now: 6)
        _ = state.reduce(.callSendPolled("weekly", BroadcastReport(phase: .live, connections: 1)), now: 6.1)
        XCTAssertNil(state.roomLayout(now: 6.1)?.broadcastLine)
    }
}
