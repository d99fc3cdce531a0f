import AppCore
import EngineTerms
import Rooms
import XCTest

/// The calls and the broadcast as child reducers, stepped alone (W6, W9, W10); the phases they
/// go through are the stats log's, which TelemetryTests asserts.
final class CallsAndBroadcastingTests: XCTestCase {
    private let template = CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}")
    private let ada = CallIdentity(name: "Ada", camera: nil, microphone: .lavfi(graph: "sine"))

    private func join(_ calls: inout Calls, tag: String = "k3f9") -> [Calls.Effect] {
        calls.send(.join(room: "standup", serverID: "local", callRoom: "standup", template: template, identity: ada, runTag: tag))
    }

    func testEachJoinOfARunSendsUnderItsOwnTagAndLeavingEndsTheStream() {
        var calls = Calls()
        let url = "rtmp://127.0.0.1:1935/call/standup~Ada-k3f9"
        XCTAssertEqual(join(&calls), [
            .startSending("standup", url: url, stream: CallStream(identity: ada), sending: CallSending(microphoneMuted: false, cameraOff: true)),
            .log(.info, "joined standup on local as Ada (k3f9)"),
        ])
        XCTAssertEqual(calls.joins, 1)
        XCTAssertEqual(calls.send(.leave("other")), [], "only the joined call is left")
        XCTAssertEqual(calls.send(.leave("standup")), [.stopSending("standup"), .log(.info, "left standup on local")])
        XCTAssertNil(calls.joined)
        _ = join(&calls)
        XCTAssertEqual(calls.joined?.sendURL, "rtmp://127.0.0.1:1935/call/standup~Ada-k3f91", "a rejoin never meets its old stream")
    }

    func testOnlyADeviceThatIsThereIsSwitched() {
        var calls = Calls()
        _ = join(&calls)
        XCTAssertEqual(calls.send(.toggleCamera), [], "no camera to turn on")
        XCTAssertEqual(calls.send(.toggleMicrophone), [.setSending("standup", CallSending(microphoneMuted: true, cameraOff: true))])
        XCTAssertEqual(calls.send(.sendPolled("standup", BroadcastReport(phase: .live))).count, 1, "a log line")
        XCTAssertEqual(calls.joined?.sending, BroadcastReport(phase: .live))
        XCTAssertEqual(calls.send(.sendPolled("standup", BroadcastReport(phase: .live, liveSeconds: 2))), [],
                       "new figures in the same phase are not news")
    }

    func testABroadcastEndsWithItsRoom() {
        var broadcasting = Broadcasting()
        let destination = Broadcast(publishURL: "rtmp://127.0.0.1:1935/live/studio", serverID: "local")
        XCTAssertEqual(broadcasting.send(.goLive("studio", source: "lavfi:testsrc2", destination: destination)), [
            .start("studio", source: "lavfi:testsrc2", broadcast: destination),
            .log(.info, "studio goes live to rtmp://127.0.0.1:1935/live/studio"),
        ])
        XCTAssertEqual(broadcasting.send(.roomClosed("other")), [])
        XCTAssertEqual(broadcasting.send(.roomClosed("studio")), [.stop("studio")])
        XCTAssertNil(broadcasting.live)
        XCTAssertEqual(broadcasting.send(.stop("studio")), [], "nothing left to stop")
    }
}
