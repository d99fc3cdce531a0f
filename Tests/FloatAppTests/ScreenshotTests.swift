import CX11
import Foundation
import TestSupport
import XCTest

/// The README's screenshots, taken with real input on the built-in rooms: the room list, a live
/// full view with its controls, a call in the tile layout, and the float over the main window.
///
/// With `FLOATAPP_UPDATE_SCREENSHOTS=1` they are written to `docs/screenshots/`; otherwise they
/// go to the test's artifacts folder. Either way each must show a picture, not a black screen.
final class ScreenshotTests: AppE2ETestCase {
    /// The colour of the stand-in desktop background behind the windows.
    private let wallpaper = RGB(red: 0x3b, green: 0x42, blue: 0x52)
    private let updating = ProcessInfo.processInfo.environment["FLOATAPP_UPDATE_SCREENSHOTS"] == "1"
    /// Largest PNG committed to the repository.
    private let largestCommittedSize = 300_000

    /// A room of the built-in rooms file.
    private struct BuiltInRoom {
        let id: String
        let title: String
        let index: Int
        let participants: Int
    }

    /// The first live audience room and the call with the most participants of `assets/rooms.json`.
    private func builtInRooms(_ file: URL) throws -> (live: BuiltInRoom, call: BuiltInRoom) {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let rooms = try XCTUnwrap(object?["rooms"] as? [[String: Any]], "\(file.path) has rooms")
        let all = rooms.enumerated().compactMap { index, room -> (BuiltInRoom, String, String)? in
            guard let id = room["id"] as? String, let title = room["title"] as? String,
                let kind = room["kind"] as? String
            else { return nil }
            let count = (room["participants"] as? [Any])?.count ?? 0
            return (BuiltInRoom(id: id, title: title, index: index, participants: count), kind,
                room["role"] as? String ?? "audience")
        }
        let live = try XCTUnwrap(all.first { $0.1 == "live" && $0.2 == "audience" }?.0, "a live room")
        let call = try XCTUnwrap(
            all.filter { $0.1 == "call" }.max { $0.0.participants < $1.0.participants }?.0, "a call room")
        return (live, call)
    }

    /// Where screenshot `name` goes.
    private func destination(_ name: String, _ desktop: TestDesktop) throws -> URL {
        guard updating else { return desktop.artifactsFolder.appendingPathComponent("readme-\(name).png") }
        let folder = TestPaths.packageRoot.appendingPathComponent("docs/screenshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("\(name).png")
    }

    /// Checks that `rect` shows a picture, then saves it scaled to `percent` as screenshot `name`.
    private func capture(_ name: String, _ rect: DesktopRect, percent: Int, _ desktop: TestDesktop) throws {
        let pixels = try desktop.grab(rect)
        XCTAssertLessThan(pixels.darkFraction(), 0.5, "\(name) is not a black picture")
        let file = try destination(name, desktop)
        try desktop.screenshot(of: rect, scaledTo: percent, to: file)
        let size = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
        ).intValue
        if updating {
            XCTAssertLessThan(size, largestCommittedSize, "\(file.lastPathComponent) is small enough to commit")
        }
        XCTAssertGreaterThan(size, 1000, "\(file.path) holds a picture")
    }

    /// Selects row `index` of the list with Home and Down, then opens it with Return.
    private func openRow(_ index: Int, _ desktop: TestDesktop) {
        desktop.key(Key(XK_Home, "Home"))
        for _ in 0..<index {
            desktop.key(.down)
        }
        desktop.key(.returnKey)
    }

    /// Waits until the main window has presented `id` for at least `seconds` of its media time.
    private func waitForPlayback(of id: String, seconds: Double, _ session: RunningApp) throws {
        try eventually("\(id) plays \(seconds) s in the main window", timeout: 15) {
            session.stats.events(named: "frame", matching: ["window": "main", "room": id])
                .contains { (Double($0.fields["pts"] ?? "") ?? 0) >= seconds }
        }
    }

    func testReadmeScreenshots() throws {
        let roomsFile = TestPaths.packageRoot.appendingPathComponent("assets/rooms.json")
        let (live, call) = try builtInRooms(roomsFile)
        let session = try startApp(roomsFile: roomsFile)
        let desktop = session.desktop
        let background = try ProbeWindow(
            on: desktop.display, title: "Desktop", wmClass: ("desktop", "Desktop"),
            origin: DesktopPoint(x: 0, y: 0), size: (desktop.screen.width, desktop.screen.height), color: wallpaper,
            windowType: "_NET_WM_WINDOW_TYPE_DESKTOP")
        defer { background.destroy() }
        let mainWindow = session.mainWindow
        try session.run {
            try desktop.focus(mainWindow)
            let frame = try XCTUnwrap(desktop.frameGeometry(of: mainWindow))
            let client = try XCTUnwrap(desktop.geometry(of: mainWindow))
            let inside = DesktopPoint(x: client.x + client.width * 2 / 3, y: client.y + client.height / 2)

            // The list, the pointer resting on the second row.
            desktop.moveMouse(to: DesktopPoint(x: client.x + client.width / 2, y: client.y + 72 + 76 + 34))
            try eventually("the list is drawn", timeout: 5) { try !desktop.grab(client).isMostlyBlack() }
            try capture("list", frame, percent: 75, desktop)

            // A live room, controls showing.
            openRow(live.index, desktop)
            try waitForPlayback(of: live.id, seconds: 1, session)
            desktop.moveMouse(to: inside)
            desktop.moveMouse(by: 3, 3)
            try capture("live", frame, percent: 75, desktop)

            // A call in the tile layout, once every tile has video.
            desktop.key(.escape)
            openRow(call.index, desktop)
            try waitForPlayback(of: call.id, seconds: 2, session)
            desktop.moveMouse(to: inside)
            desktop.moveMouse(by: 3, 3)
            try capture("call", frame, percent: 75, desktop)

            // The live room floating over the main window, which shows the list again.
            desktop.key(.escape)
            openRow(live.index, desktop)
            try waitForPlayback(of: live.id, seconds: 1, session)
            desktop.key(.p)
            let float = try desktop.waitForWindow(.title("\(live.title) - PiP"), timeout: 10)
            desktop.moveMouse(to: DesktopPoint(x: client.x + client.width / 2, y: client.y - 80))
            try eventually("the float settles and plays", timeout: 10) {
                guard let rect = desktop.geometry(of: float), let work = desktop.workArea(),
                    abs(rect.maxX - (work.maxX - 16)) <= 2, abs(rect.maxY - (work.maxY - 16)) <= 2
                else { return false }
                return session.stats.events(named: "frame", matching: ["window": "float"]).count >= 15
            }
            try capture("float", desktop.screen, percent: 50, desktop)
        }
    }
}
