import Foundation
import LiveServerTestSupport
import XCTest

/// FloatApp against a real nginx-rtmp (W8, W2, M5): the live directory in the list, going live
/// from one app and watching in another's float, the float holding through server crashes.
final class LiveServerE2ETests: DesktopTestCase {
    private static let still = #"{"id": "still", "title": "Still", "kind": "live", "source": "lavfi:color=c=0x2a6f97:size=320x180:rate=10"}"#
    private static let studio = #"{"id": "studio", "title": "Studio", "kind": "live", "role": "host", "server": "local", "#
        + #""source": "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440:sample_rate=48000[out1]"}"#

    func testAPushedStreamIsListedWithItsResolutionAndGoesWhenItStopsAndAnUnreachableServerSaysSo() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let desktop = try startDesktop()
        let app = try LiveServerApp("list", roomsFile: nginx.roomsFile(in: desktop.workFolder, rooms: [Self.still]),
                                    on: desktop) { try launchApp($0, on: desktop) }
        let refused = try app.waitFor("server", ["server": "gone"], timeout: 10)
        XCTAssertEqual(refused.first?.fields["reachable"], "0", "the unreachable server says so")
        XCTAssertFalse((refused.first?.fields["reason"] ?? "").isEmpty, "with its reason")
        try app.waitFor("server", ["server": "local", "reachable": "1"], timeout: 10)

        let pusher = try FFmpegPublisher(url: nginx.rtmpURL("cam"), size: "640x360")
        let listed = try app.waitFor("stream_live", ["room": "local/cam"], timeout: 6)
        XCTAssertEqual(listed.first?.fields["resolution"], "640x360")
        try desktop.focus(app.mainWindow)
        try desktop.screenshot("directory")
        pusher.stop()
        try app.waitFor("stream_ended", ["room": "local/cam"], timeout: 25)
        XCTAssertTrue(app.app.isRunning)
        XCTAssertEqual(app.stats.events(named: "server", matching: ["server": "local", "reachable": "0"]).count, 0,
                       "the reachable server was never reported down")
    }

    func testGoLiveInOneAppWatchInTheOthersFloatAndTheEndReleasesTheFloatWithAToast() throws {
        let (nginx, desktop, host, viewer) = try hostAndViewer()
        let float = try desktop.waitForWindow(.title("studio - PiP"), timeout: 10)
        let first = try desktop.grab(window: float)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(try desktop.grab(window: float).meanAbsoluteDifference(to: first), 1, "the float's video moves")
        try desktop.screenshot("viewer-float")

        try host.press(.character("g"))
        try host.waitFor("broadcast", ["room": "studio", "phase": "stopped"], timeout: 5)
        let stopped = Date()
        try viewer.waitFor("stream_ended", ["room": "local/studio"], timeout: 20)
        try desktop.waitUntilGone(.title("studio - PiP"), timeout: 2)
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 20, "the float is released within 20 s of the stop")
        try viewer.waitFor("toast", ["message": "studio ended"], timeout: 2)
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning, "neither app exits")
        XCTAssertTrue(try nginx.publishedStreams().isEmpty, "the server saw the publisher leave")
    }

    func testTheFloatHoldsThroughFiveServerCrashesAndPlaysWithinTwoSecondsOfItsStreamsReturn() throws {
        let (nginx, _, host, viewer) = try hostAndViewer()
        for round in 1...5 { try crashAndRestart(nginx, round: round, host: host, viewer: viewer) }
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning, "neither app exits")
    }

    /// nginx, a desktop, the host app live from `lavfi:` and the viewer app floating its stream.
    private func hostAndViewer() throws -> (NginxServer, TestDesktop, LiveServerApp, LiveServerApp) {
        let nginx = try NginxServer()
        try nginx.start()
        let desktop = try startDesktop()
        let rooms = try nginx.roomsFile(in: desktop.workFolder, rooms: [Self.studio])
        let host = try LiveServerApp("host", roomsFile: rooms, arguments: ["--open", "studio"], on: desktop) {
            try launchApp($0, on: desktop)
        }
        try host.waitFor("frame", ["window": "main", "room": "studio"], timeout: 15)
        try host.press(.character("g"))
        try host.waitFor("broadcast", ["room": "studio", "phase": "live"], timeout: 15)
        try desktop.screenshot("host-live")

        let viewer = try LiveServerApp("viewer", roomsFile: rooms, on: desktop) { try launchApp($0, on: desktop) }
        try viewer.waitFor("stream_live", ["room": "local/studio"], timeout: 10)
        try viewer.press(.down)
        try viewer.press(.returnKey)
        try viewer.waitFor("status", ["room": "local/studio", "status": "playing"], timeout: 15)
        try viewer.press(.p)
        try eventually("the float shows frames", timeout: 10) { viewer.floatFrames(of: "local/studio") > 10 }
        return (nginx, desktop, host, viewer)
    }

    /// Kills nginx, waits for the viewer's float to say Reconnecting, restarts nginx and measures
    /// how long after the server is back the float shows frames again (and the host is live again).
    private func crashAndRestart(_ nginx: NginxServer, round: Int, host: LiveServerApp, viewer: LiveServerApp) throws {
        let id = "local/studio"
        let reconnects = viewer.stats.events(named: "status", matching: ["room": id]).count
        nginx.kill()
        try eventually("round \(round): the viewer reconnects", timeout: 10) {
            viewer.stats.events(named: "status", matching: ["room": id]).dropFirst(reconnects)
                .contains { $0.fields["status"]?.hasPrefix("reconnecting") == true }
        }
        try nginx.start()
        let back = Date()
        let frames = viewer.floatFrames(of: id)
        let phases = host.stats.events(named: "broadcast", matching: ["room": "studio"]).count
        try eventually("round \(round): the host's publisher is live again\nhost: \(host.summary())", timeout: 15) {
            let since = host.stats.events(named: "broadcast", matching: ["room": "studio"]).dropFirst(phases - 1)
            return since.contains { $0.fields["phase"]?.hasPrefix("reconnecting") == true } && since.last?.fields["phase"] == "live"
        }
        let published = Date().timeIntervalSince(back)
        try eventually("round \(round): the float plays again\nhost: \(host.summary())\nviewer: \(viewer.summary())",
                       timeout: 20, poll: 0.05) {
            viewer.floatFrames(of: id) > frames + 2
        }
        let playing = Date().timeIntervalSince(back)
        print("round \(round): host live again \(String(format: "%.2f", published)) s after the server, "
              + "viewer's float \(String(format: "%.2f", playing)) s after (\(String(format: "%.2f", playing - published)) s after the stream)")
        XCTAssertLessThan(playing - published, 2.5, "round \(round): the float plays within 2 s of its stream's return\nviewer: \(viewer.summary())")
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning)
    }
}
