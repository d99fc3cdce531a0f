import Foundation
import TestSupport
import XCTest

/// X5 on the real binary: the words follow `LANGUAGE` as in any GNOME or KDE session, and an
/// Arabic session mirrors the main window. The catalogs are compiled beside the binary (as
/// `make build-tests` does), where a binary built in the tree finds them.
final class TranslationE2ETests: AppE2ETestCase {
    /// Window pixels at scale 1: the control bar's 40 px buttons sit 16 px from the window's
    /// sides and 12 px into the 64 px bar (AppCore's room layout).
    private enum Bar {
        static let button = 40
        static let side = 16
        static let fromBottom = 64 - 12
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let locale = TestPaths.floatappBinary.deletingLastPathComponent().appendingPathComponent("locale")
        let out = try TestPaths.artifactsFolder(for: name).appendingPathComponent("po-compile.log")
        let compile = try ChildProcess(
            executable: TestPaths.packageRoot.appendingPathComponent("scripts/po.sh").path,
            arguments: ["compile", locale.path], environment: ["PATH": "/usr/bin:/bin"], stdoutURL: out, stderrURL: out)
        XCTAssertEqual(compile.waitForExit(timeout: 30), .exited(0), compile.outputTail())
    }

    /// `floatapp --help` in a session whose LANGUAGE is `language` (nil: none).
    private func help(language: String?) throws -> String {
        let folder = try TestPaths.artifactsFolder(for: name)
        let out = folder.appendingPathComponent("help-\(language ?? "none").out")
        let err = folder.appendingPathComponent("help-\(language ?? "none").err")
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": folder.path]
        environment["LANGUAGE"] = language
        let process = try ChildProcess(executable: TestPaths.floatappBinary.path, arguments: ["--help"],
                                       environment: environment, stdoutURL: out, stderrURL: err)
        XCTAssertEqual(process.waitForExit(timeout: 10), .exited(0), process.outputTail())
        return try String(contentsOf: out, encoding: .utf8)
    }

    func testHelpIsInTheSessionsLanguage() throws {
        let german = try help(language: "de")
        XCTAssertTrue(german.hasPrefix("FloatApp: Livestreams und Anrufe"), german)
        XCTAssertTrue(german.contains("Aufruf: floatapp [--rooms FILE]"), german)
        XCTAssertTrue(german.contains("  --help              diese Hilfe ausgeben und beenden"), german)
        XCTAssertFalse(german.contains("print this help"), "nothing is left in English: \(german)")
        let chinese = try help(language: "zh_CN")
        XCTAssertTrue(chinese.contains("  --version           显示版本并退出"), chinese)
        // "用法:" takes four terminal columns: the synopsis's next lines start under "[--rooms".
        XCTAssertTrue(chinese.contains("用法: floatapp [--rooms FILE] [--open ROOM_ID] [--float] [--no-pip]\n" + String(repeating: " ", count: 15) + "[--check-rooms FILE]"), chinese)
        let english = try help(language: nil)
        XCTAssertTrue(english.contains("usage: floatapp [--rooms FILE]"), english)
        XCTAssertTrue(english.contains("  --help              print this help and exit"), english)
        let unshipped = try help(language: "fr")
        XCTAssertEqual(unshipped, english, "a language without a catalog falls back to English")
    }

    func testAnArabicSessionMirrorsTheMainWindowAndSpeaksArabic() throws {
        let studio = RoomsFixture.Room(id: "studio", title: "Studio", object: [
            "id": "studio", "title": "Studio", "kind": "live", "role": "host",
            "source": RoomsFixture.colorSource("000000"),
        ])
        let rooms = [studio, .live("lobby", title: "Lobby", source: RoomsFixture.colorSource("000000"))]
        let desktop = try startDesktop()
        let roomsFile = try RoomsFixture(rooms: rooms).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: ["--open", "studio"], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ["LANGUAGE": "ar"])
        }
        try session.run {
            try session.waitForMainFrames(of: "studio")
            let window = try session.mainRect()
            let barY = window.y + window.height - Bar.fromBottom
            let right = DesktopRect(x: window.maxX - Bar.side - Bar.button, y: barY, width: Bar.button, height: Bar.button)
            let left = DesktopRect(x: window.x + Bar.side, y: barY, width: Bar.button, height: Bar.button)
            let stage = DesktopPoint(x: window.x + window.width / 2, y: window.y + window.height / 2)
            // Over a black picture, Back's arrow is white and Leave's is red: right to left,
            // Back is the rightmost control and Leave the leftmost.
            let leaveRed = RGB(red: 0xf0, green: 0x5a, blue: 0x5a), white = RGB(red: 0xec, green: 0xee, blue: 0xf2)
            try eventually("Back (white) at the right, Leave (red) at the left", timeout: 10) {
                desktop.moveMouse(by: 1, 1)
                desktop.moveMouse(to: stage)
                let atRight = try desktop.grab(right), atLeft = try desktop.grab(left)
                // A glyph's strokes cover about 30 of the button's 1,600 pixels.
                let strokes = 8.0 / Double(Bar.button * Bar.button)
                return atRight.fraction(matching: white, tolerance: 40) > strokes && atRight.fraction(matching: leaveRed, tolerance: 40) == 0
                    && atLeft.fraction(matching: leaveRed, tolerance: 40) > strokes && atLeft.fraction(matching: white, tolerance: 40) == 0
            }
            try desktop.screenshot("arabic-room-view")

            // A hosted room cannot float: the toast gives the reason in Arabic.
            try session.focusMain()
            desktop.key(.p)
            try session.waitForEvents("toast", ["message": "لا يمكن تعويم غرفة تستضيفها."])

            // Clicking where Back is drawn, at the right, shows the list and keeps the room open.
            desktop.moveMouse(to: stage)
            desktop.click(at: DesktopPoint(x: right.x + right.width / 2, y: right.y + right.height / 2))
            try session.waitForEvents("main_content", ["content": "list"])
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty, "Back keeps the hosted room open (Leave would stop it)")
            let list = try session.waitForEvents("list_shown", ["count": "غرفتان"])
            XCTAssertEqual(list.last?.fields["statuses"].map { $0.hasSuffix("| خامل") }, true, "the lobby is idle: \(list)")
            try desktop.screenshot("arabic-list")
        }
    }

    func testAChineseSessionsListCountsAndStatusesAreChinese() throws {
        let rooms = (0..<3).map { RoomsFixture.Room.live("room-\($0)", title: "Room \($0)") }
        let desktop = try startDesktop()
        let roomsFile = try RoomsFixture(rooms: rooms).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ["LANGUAGE": "zh_CN"])
        }
        try session.run {
            try session.waitForEvents("list_shown", ["count": "3 个房间", "statuses": "空闲 | 空闲 | 空闲"])
            try session.focusMain()
            desktop.key(.returnKey)
            try session.waitForMainFrames(of: "room-0")
            desktop.key(.p)
            // The float's title, which the window manager shows, is Chinese too.
            _ = try desktop.waitForWindow(.title("Room 0 - 画中画"), timeout: 10)
            try session.waitForEvents("list_shown", ["count": "3 个房间", "statuses": "悬浮中 | 空闲 | 空闲"])
            try desktop.screenshot("chinese-list")
        }
    }
}
