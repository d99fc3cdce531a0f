import Foundation
import TestSupport
import XCTest

/// The rooms file is read again when it changes (M5): a removed floating room is released,
/// and a broken edit keeps the rooms the app has.
final class RoomsReloadE2ETests: DesktopTestCase {
    private func rooms(_ ids: [String]) -> String {
        let list = ids.map {
            """
            {"id": "\($0)", "title": "Room \($0)", "kind": "live",
             "source": "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440[out1]"}
            """
        }
        return "{\"rooms\": [\(list.joined(separator: ","))]}"
    }

    func testRemovingTheFloatingRoomReleasesItAndABrokenEditIsIgnored() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let file = desktop.workFolder.appendingPathComponent("rooms.json")
        try rooms(["a", "b"]).write(to: file, atomically: true, encoding: .utf8)
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try launchApp(["--rooms", file.path, "--open", "a", "--float", "--stats", stats.url.path], on: desktop)
        _ = try desktop.waitForWindow(.title("Room a - PiP"), timeout: 20)

        // A broken edit: the float stays, the app keeps running and says why in its log.
        try "{\"rooms\": [".write(to: file, atomically: true, encoding: .utf8)
        try eventually("the broken rooms file is reported\n\(app.outputTail())", timeout: 10) {
            app.outputTail(lines: 100).contains("rooms.json:1:")
        }
        XCTAssertTrue(app.isRunning)
        XCTAssertFalse(desktop.findWindows(.title("Room a - PiP")).isEmpty, "a broken edit keeps the float")
        XCTAssertTrue(stats.events(named: "stop").isEmpty)

        // Room "a" disappears: its float is released and its playback stops.
        try rooms(["b"]).write(to: file, atomically: true, encoding: .utf8)
        try eventually("the float of the removed room goes away", timeout: 10) {
            (try? desktop.waitUntilGone(.title("Room a - PiP"), timeout: 0.1)) != nil
        }
        try eventually("room a's playback stops", timeout: 5) {
            !stats.events(named: "stop", matching: ["room": "a"]).isEmpty
        }
        XCTAssertEqual(stats.events(named: "rooms_reloaded").last?.fields["rooms"], "1")
        try desktop.screenshot("after-reload")
    }
}
