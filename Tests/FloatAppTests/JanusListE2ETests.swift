import Foundation
import Janus
import JanusProtocol
import TestSupport
import XCTest

/// R8 end to end: FloatApp with a rooms file naming a real Janus lists its calls with who is in
/// them, joins one by Enter, and follows a participant who joins and leaves through Janus within
/// 2 s (`make test-web`; the media are the WebRTC tests').
final class JanusListE2ETests: DesktopTestCase {
    private func rooms(_ janus: JanusServer) -> String {
        """
        {"me": {"name": "Ada", "camera": null, "microphone": null},
         "servers": [{"id": "sfu", "title": "Janus (WebRTC)", "janus": "\(janus.apiURL)"}],
         "rooms": [{"id": "weekly", "title": "Weekly call", "kind": "call", "server": "sfu", "videoroom": 1234}]}
        """
    }

    /// A participant in VideoRoom `room` under `display`, until its connection is closed.
    private func participant(_ janus: JanusServer, room: JanusID, display: String) async throws -> JanusConnection {
        let connection = try JanusConnection(url: janus.apiURL, callbackQueue: .global()) { _ in }
        try await connection.connect()
        _ = try await connection.attachVideoRoom { _ in }.joinAsPublisher(room: room, display: display)
        return connection
    }

    func testJanusCallsAreListedWithWhoIsInThemAndFollowJoinsAndLeaves() async throws {
        let janus = JanusServer()
        try janus.start()
        let grace = try await participant(janus, room: 1234, display: "Grace Hopper")
        let guest = try await participant(janus, room: 5678, display: "李小龙")
        let desktop = try startDesktop()
        let file = desktop.workFolder.appendingPathComponent("janus-rooms.json")
        try Data(rooms(janus).utf8).write(to: file)
        let app = try LiveServerApp("janus", roomsFile: file, on: desktop) { try launchApp($0, on: desktop) }
        try app.waitFor("server", ["server": "sfu", "reachable": "1"], timeout: 10)
        try desktop.focus(app.mainWindow)
        _ = try desktop.screenshot("janus-list")

        try app.press(.returnKey)
        try app.waitFor("call", ["room": "weekly", "phase": "joined"], timeout: 5)
        let bob = try await participant(janus, room: 1234, display: "Bob")
        let joined = Date()
        try app.waitFor("call_people", ["room": "weekly", "joined": "Bob"], timeout: 3)
        XCTAssertLessThan(Date().timeIntervalSince(joined), 2.5, "a joiner shows within the in-call refresh")
        _ = try desktop.screenshot("janus-call")
        await bob.close()
        let left = Date()
        try app.waitFor("call_people", ["room": "weekly", "left": "Bob"], timeout: 3)
        XCTAssertLessThan(Date().timeIntervalSince(left), 2.5, "a leaver goes within 2 s of Janus dropping them")
        XCTAssertEqual(app.stats.events(named: "call_people", matching: ["room": "weekly", "left": "Grace Hopper"]).count, 0)
        await grace.close()
        await guest.close()
        _ = app.app.terminate()
    }
}
