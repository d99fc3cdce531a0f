import CX11
import Foundation
import LiveServerTestSupport
import TestSupport
import XCTest

/// FloatApp against a real nginx-rtmp (W8, W9, M5): the live directory in the list, going live
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

    /// W8, W9, P1 over both of the server's ways to play a stream: B lists A's stream in the RTMP
    /// section and in the HLS section (the same nginx), floats it over RTMP, then opens it over
    /// HLS (the RTMP float is released) and floats that; the float's video moves both times.
    func testGoLiveInOneAppWatchInTheOthersFloatOverRTMPAndHLSAndTheEndReleasesTheFloatWithAToast() throws {
        let (nginx, desktop, host, viewer) = try hostAndViewer(hls: true)
        try viewer.waitFor("stream_live", ["room": "hls/studio"], timeout: 10)
        try assertFloatMoves(on: desktop, "over RTMP", screenshot: "viewer-float-rtmp")

        try viewer.press(.down)
        try viewer.press(.returnKey)
        try viewer.waitFor("status", ["room": "hls/studio", "status": "playing"], timeout: 20)
        try viewer.press(.p)
        try eventually("the float shows frames over HLS\nviewer: \(viewer.summary())", timeout: 10) {
            viewer.floatFrames(of: "hls/studio") > 10
        }
        try assertFloatMoves(on: desktop, "over HLS", screenshot: "viewer-float-hls")

        try host.press(.character("g"))
        try host.waitFor("broadcast", ["room": "studio", "phase": "stopped"], timeout: 5)
        let stopped = Date()
        try viewer.waitFor("stream_ended", ["room": "hls/studio"], timeout: 20)
        try desktop.waitUntilGone(.title("studio - PiP"), timeout: 2)
        XCTAssertLessThan(Date().timeIntervalSince(stopped), 20, "the float is released within 20 s of the stop")
        try viewer.waitFor("toast", ["message": "studio ended"], timeout: 2)
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning, "neither app exits")
        XCTAssertTrue(try nginx.publishedStreams().isEmpty, "the server saw the publisher leave")
    }

    /// Two grabs of the float half a second apart differ: its video moves.
    private func assertFloatMoves(on desktop: TestDesktop, _ how: String, screenshot: String) throws {
        let float = try desktop.waitForWindow(.title("studio - PiP"), timeout: 10)
        let first = try desktop.grab(window: float)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(try desktop.grab(window: float).meanAbsoluteDifference(to: first), 1, "the float's video moves \(how)")
        try desktop.screenshot(screenshot)
    }

    func testTheFloatHoldsThroughFiveServerCrashesAndPlaysWithinTwoSecondsOfTheServersReturn() throws {
        let (nginx, desktop, host, viewer) = try hostAndViewer()
        let float = try desktop.waitForWindow(.title("studio - PiP"), timeout: 10)
        let threads = (host: host.threads(named: Self.publishThreads), viewer: Self.playbackThreads(of: viewer))
        XCTAssertGreaterThanOrEqual(threads.host, 2, "the host's capture and send threads are known by their name")
        XCTAssertGreaterThanOrEqual(threads.viewer, 2, "the viewer's player and video threads are known by their name")
        for round in 1...5 {
            try crashAndRestart(nginx, round: round, host: host, viewer: viewer, float: float)
            XCTAssertEqual(host.threads(named: Self.publishThreads), threads.host, "round \(round): the host's publishing threads")
            XCTAssertEqual(Self.playbackThreads(of: viewer), threads.viewer, "round \(round): the viewer's playback threads")
        }
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning, "neither app exits")
    }

    /// The publisher's threads as Linux names them (15 bytes; its encoder's threads inherit the name).
    private static let publishThreads = "floatapp.publis"
    /// The source player's threads: its worker and video thread, and their decoder threads.
    private static func playbackThreads(of app: LiveServerApp) -> Int {
        app.threads(named: "floatapp.player") + app.threads(named: "floatapp.video")
    }

    /// nginx, a desktop, the host app live from `lavfi:` and the viewer app floating its stream
    /// over RTMP; with `hls`, the viewer's list also has the server's HLS section.
    private func hostAndViewer(hls: Bool = false) throws -> (NginxServer, TestDesktop, LiveServerApp, LiveServerApp) {
        let nginx = try NginxServer()
        try nginx.start()
        let desktop = try startDesktop()
        let rooms = try nginx.roomsFile(in: desktop.workFolder, rooms: [Self.studio], hls: hls)
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

    /// Kills nginx, waits for the viewer's float to say Reconnecting over its last frame, restarts
    /// nginx, and measures on the apps' stats logs (one clock with the test's) how long after the
    /// server accepts connections again the host is live and the float shows its next frame.
    private func crashAndRestart(_ nginx: NginxServer, round: Int, host: LiveServerApp, viewer: LiveServerApp,
                                 float: Window) throws {
        let id = "local/studio"
        let killed = monotonicNow()
        nginx.kill()
        try eventually("round \(round): the viewer reconnects\nviewer: \(viewer.summary())", timeout: 10) {
            viewer.stats.events(named: "status", matching: ["room": id]).contains { event in
                event.fields["status"]?.hasPrefix("reconnecting") == true && (viewer.stats.monotonicTime(of: event) ?? 0) > killed
            }
        }
        XCTAssertFalse(try viewer.desktop.grab(window: float).isMostlyBlack(), "round \(round): the float keeps the last frame")
        try nginx.start()
        let back = monotonicNow()

        /// The first event of `app` after the server came back that is `name` with `fields`, and its time.
        func firstAfterBack(_ app: LiveServerApp, _ name: String, _ fields: [String: String]) -> Double? {
            app.stats.events(named: name, matching: fields).lazy.compactMap { app.stats.monotonicTime(of: $0) }.first { $0 > back }
        }
        let live = try eventuallyValue("round \(round): the host's publisher is live again\nhost: \(host.summary())", timeout: 15) {
            firstAfterBack(host, "broadcast", ["room": "studio", "phase": "live"])
        }
        let reconnected = host.stats.events(named: "broadcast", matching: ["room": "studio"]).contains { event in
            event.fields["phase"]?.hasPrefix("reconnecting") == true && (host.stats.monotonicTime(of: event) ?? 0) > killed
        }
        XCTAssertTrue(reconnected, "round \(round): the host reconnected\nhost: \(host.summary())")
        let frame = try eventuallyValue("round \(round): the float plays again\nhost: \(host.summary())\nviewer: \(viewer.summary())",
                                        timeout: 20) { () -> Double? in
            // The status is polled: "playing" may be logged just after the first picture.
            guard firstAfterBack(viewer, "status", ["room": id, "status": "playing"]) != nil else { return nil }
            return firstAfterBack(viewer, "frame", ["window": "float", "room": id])
        }
        let pts = viewer.stats.events(named: "frame", matching: ["window": "float", "room": id])
            .first { (viewer.stats.monotonicTime(of: $0) ?? 0) >= frame }?.fields["pts"] ?? "?"
        print("round \(round): host live again \(String(format: "%.2f", live - back)) s after the server, "
              + "viewer's float \(String(format: "%.2f", frame - back)) s after (\(String(format: "%.2f", frame - live)) s "
              + "after the stream, first picture pts \(pts))")
        XCTAssertLessThan(frame - back, 2, "round \(round): the float plays within 2 s of the server's return\nviewer: \(viewer.summary())")
        XCTAssertTrue(host.app.isRunning && viewer.app.isRunning)
    }
}
