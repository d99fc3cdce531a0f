import CX11
import Foundation
import TestSupport
import XCTest

/// R6 in the real app, started without `--rooms` on a user rooms file
/// (`$XDG_CONFIG_HOME/floatapp/rooms.json`) that does not load: the window lists the built-in
/// rooms and shows the file's problem with its line:col; the file fixed, the reload lists its
/// rooms; Delete removes the selected one from the file with an Undo toast, and Ctrl+Z or a
/// click on the toast's Undo puts the same bytes back; Ctrl+L and a typed path add a file, which plays under its own title and is
/// saved to the file; none of the saves is read again by the watcher as an edit.
final class UserRoomsE2ETests: AppE2ETestCase {
    /// A hand types about eight keys a second.
    private static let keyPause: TimeInterval = 0.06

    /// One room with a comma missing: `expected ',' or '}'` at 3:58.
    private static let broken = """
        {
          "rooms": [
            {"id": "mine", "title": "My Pattern", "kind": "live" "source": "lavfi:testsrc2=size=320x180:rate=25"}
          ]
        }

        """
    private static let fixed = """
        {
          "rooms": [
            {"id": "mine", "title": "My Pattern", "kind": "live", "source": "lavfi:testsrc2=size=320x180:rate=25"},
            {"id": "bars", "title": "My Bars", "kind": "live", "source": "lavfi:smptebars=size=320x180:rate=25"}
          ]
        }

        """

    /// Pixels of the notice's colour (Theme.error) in the bottom 140 px of the main window.
    private func noticePixels(_ session: RunningApp) throws -> Int {
        let rect = try session.mainRect()
        let strip = try session.desktop.grab(DesktopRect(x: rect.x, y: rect.y + rect.height - 140, width: rect.width, height: 140))
        return strip.pixels.filter { $0.distance(to: RGB(red: 0xf0, green: 0x5a, blue: 0x5a)) <= 24 }.count
    }

    /// The centre of the Undo button's pixels (the accent over the toast's pill) in the bottom
    /// 100 px of the main window, once they show.
    private func undoButtonCentre(_ session: RunningApp) throws -> DesktopPoint? {
        let rect = try session.mainRect()
        let top = rect.y + rect.height - 100
        let strip = try session.desktop.grab(DesktopRect(x: rect.x, y: top, width: rect.width, height: 100))
        let button = RGB(red: 0x46, green: 0x79, blue: 0xd5)
        var (sumX, sumY, count) = (0, 0, 0)
        for y in 0..<strip.height {
            for x in 0..<strip.width where strip[x, y].distance(to: button) <= 24 {
                (sumX, sumY, count) = (sumX + x, sumY + y, count + 1)
            }
        }
        guard count > 300 else { return nil }
        return DesktopPoint(x: rect.x + sumX / count, y: top + sumY / count)
    }

    /// The centre of the header's painted "+" (Theme.text on the button's Theme.surface), found
    /// in the pixels of the header's trailing half: where a 12 px horizontal and a 12 px
    /// vertical run of the text colour cross, with the button's fill 10 px out on all four sides.
    private func addButtonCentre(_ session: RunningApp) throws -> DesktopPoint? {
        let rect = try session.mainRect()
        let left = rect.x + rect.width / 2
        let header = try session.desktop.grab(DesktopRect(x: left, y: rect.y, width: rect.width / 2, height: 64))
        let text = RGB(red: 0xec, green: 0xee, blue: 0xf2), fill = RGB(red: 0x1c, green: 0x1f, blue: 0x26)
        func isText(_ x: Int, _ y: Int) -> Bool { header[x, y].distance(to: text) <= 24 }
        for y in 12..<header.height - 12 {
            for x in 12..<header.width - 12 where isText(x, y) {
                let across = (x - 6...x + 5).allSatisfy { isText($0, y) }, down = (y - 6...y + 5).allSatisfy { isText(x, $0) }
                let onFill = [(-10, 0), (10, 0), (0, -10), (0, 10)].allSatisfy { header[x + $0.0, y + $0.1].distance(to: fill) <= 4 }
                if across, down, onFill { return DesktopPoint(x: left + x, y: rect.y + y) }
            }
        }
        return nil
    }

    /// Whether the add button at `centre` shows pressed (Theme.accent): the location field is open.
    private func addButtonPressed(_ session: RunningApp, at centre: DesktopPoint) throws -> Bool {
        let beside = try session.desktop.grab(DesktopRect(x: centre.x + 10, y: centre.y, width: 1, height: 1))
        return beside[0, 0].distance(to: RGB(red: 0x4c, green: 0x8d, blue: 0xff)) <= 24
    }

    /// A click on the painted "+" opens the location field (the button shows pressed), whatever
    /// width the room count beside it has.
    private func clickingThePlusOpensTheLocationField(_ session: RunningApp, count: String) throws {
        let plus = try eventuallyValue("the add button's + shows at \(count)", timeout: 5) { try addButtonCentre(session) }
        session.desktop.click(at: plus)
        try eventually("a click on the + at \(count) opens the location field", timeout: 5, poll: 0.05) {
            try addButtonPressed(session, at: plus)
        }
        _ = try session.desktop.screenshot("6-plus-clicked-at-\(count.replacingOccurrences(of: " ", with: "-"))")
        session.desktop.key(.escape, pause: Self.keyPause)
        try eventually("Esc closes the location field", timeout: 5, poll: 0.05) { try !addButtonPressed(session, at: plus) }
    }

    func testABrokenUserRoomsFileIsShownFixedAndItsRoomsDeletedAndPutBack() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let config = desktop.workFolder.appendingPathComponent("config")
        let file = config.appendingPathComponent("floatapp/rooms.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.broken.write(to: file, atomically: true, encoding: .utf8)
        let session = try RunningApp(roomsFile: nil, arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ["XDG_CONFIG_HOME": config.path])
        }
        try session.run {
            try session.waitForEvents("list_shown", ["count": "7 rooms"], timeout: 10)
            try eventually("the notice shows", timeout: 5, poll: 0.1) { try noticePixels(session) > 200 }
            _ = try desktop.screenshot("1-broken-user-file")
            let log = (try? String(contentsOf: session.app.process.stderrURL, encoding: .utf8)) ?? ""
            XCTAssertTrue(log.contains("\(file.path):3:58: expected ',' or '}'"), log)
            XCTAssertTrue(session.app.isRunning, "a broken user rooms file does not stop the app")

            try Self.fixed.write(to: file, atomically: true, encoding: .utf8)
            try session.waitForEvents("list_shown", ["count": "2 rooms", "statuses": "Idle | Idle"], timeout: 10)
            try eventually("the notice goes", timeout: 5, poll: 0.1) { try noticePixels(session) < 20 }

            try session.focusMain()
            desktop.key(.down)
            desktop.key(Key(XK_Delete, "Delete"))
            try session.waitForEvents("list_shown", ["count": "1 room"], timeout: 10)
            try session.waitForEvents("toast", ["message": "Deleted “My Bars”"])
            let deleted = try String(contentsOf: file, encoding: .utf8)
            XCTAssertFalse(deleted.contains("My Bars"), deleted)
            XCTAssertTrue(deleted.contains("\"My Pattern\""), deleted)
            _ = try desktop.screenshot("2-deleted-with-undo")
            desktop.key(.character("z"), modifiers: [.control])
            try session.waitForEvents("list_shown", ["count": "2 rooms"], timeout: 10)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.fixed, "Ctrl+Z puts the same bytes back")
            desktop.key(Key(XK_Delete, "Delete"))
            try session.waitForEvents("list_shown", ["count": "1 room"], count: 2, timeout: 10)
            let undo = try eventuallyValue("the toast's Undo button shows", timeout: 5) { try undoButtonCentre(session) }
            desktop.click(at: undo)
            try session.waitForEvents("list_shown", ["count": "2 rooms"], count: 3, timeout: 10)
            XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.fixed, "a click on Undo puts the same bytes back")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path),
                           ["rooms.json"])
            try typedPathIsSavedAndPlays(session, file: file)
            XCTAssertEqual(session.stats.events(named: "rooms_reloaded", matching: [:]).count, 1,
                           "the watcher read the fixed file, and took none of the app's own saves for an edit")
        }
    }

    /// With no user rooms file yet, a URL pasted with Ctrl+V (put on the clipboard by `xclip`)
    /// makes the file from the seven built-in rooms and the new one, which opens and is listed
    /// with them. Before and after, at "7 rooms" and "8 rooms", a click on the header's
    /// painted "+" (found in the pixels) opens the location field.
    func testTheFirstPastedURLMakesTheUserRoomsFileWithTheBuiltInRooms() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let config = desktop.workFolder.appendingPathComponent("config")
        let file = config.appendingPathComponent("floatapp/rooms.json")
        let session = try RunningApp(roomsFile: nil, arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ["XDG_CONFIG_HOME": config.path])
        }
        try session.run {
            try session.waitForEvents("list_shown", ["count": "7 rooms"], timeout: 10)
            try session.focusMain()
            try clickingThePlusOpensTheLocationField(session, count: "7 rooms")
            let owner = try offer("http://127.0.0.1:9/harbour/cam.m3u8\n", selection: "clipboard", on: desktop)
            defer { owner.terminate() }
            desktop.key(.character("v"), modifiers: [.control], pause: Self.keyPause)
            try session.waitForEvents("open", ["room": "cam-m3u8"], timeout: 15)
            desktop.key(.escape, pause: Self.keyPause)
            try session.waitForEvents("list_shown", ["count": "8 rooms"], timeout: 10)
            _ = try desktop.screenshot("5-first-paste-made-the-file")
            try clickingThePlusOpensTheLocationField(session, count: "8 rooms")
            let saved = try String(contentsOf: file, encoding: .utf8)
            let builtIn = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("assets/rooms.json"), encoding: .utf8)
            let kept = builtIn[..<(builtIn.range(of: "\n  ]", options: .backwards)?.lowerBound ?? builtIn.endIndex)]
            XCTAssertTrue(saved.hasPrefix(kept), "the built-in file's text, then the new room: \(saved)")
            XCTAssertTrue(saved.contains("\"id\": \"cam-m3u8\""), saved)
            XCTAssertTrue(saved.contains("\"source\": \"http://127.0.0.1:9/harbour/cam.m3u8\""), saved)
        }
    }

    /// Ctrl+L, a file's path typed like a hand, Enter: the file is probed for its title, saved
    /// to the user's rooms file after its rooms, and plays.
    private func typedPathIsSavedAndPlays(_ session: RunningApp, file: URL) throws {
        let media = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fr-\(getpid()).mkv")
        defer { try? FileManager.default.removeItem(at: media) }
        let log = session.desktop.workFolder.appendingPathComponent("ffmpeg.log")
        let ffmpeg = try ChildProcess(
            executable: "/usr/bin/ffmpeg",
            arguments: ["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                        "-t", "20", "-c:v", "mpeg4", "-metadata", "title=Harbour Cam", media.path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: log, stderrURL: log)
        guard ffmpeg.waitForExit(timeout: 60) == .exited(0) else {
            throw HarnessError("ffmpeg could not write the test file\n\(ffmpeg.outputTail())")
        }
        let desktop = session.desktop
        desktop.key(.character("l"), modifiers: [.control], pause: Self.keyPause)
        for character in media.path { desktop.key(.character(character), pause: Self.keyPause) }
        _ = try desktop.screenshot("3-path-typed-in-the-location-field")
        desktop.key(.returnKey, pause: Self.keyPause)
        try session.waitForEvents("status", ["room": "harbour-cam", "status": "playing"], timeout: 20)
        try session.waitForMainFrames(of: "harbour-cam")
        _ = try desktop.screenshot("4-typed-path-plays")
        let saved = try String(contentsOf: file, encoding: .utf8)
        let kept = Self.fixed[..<(Self.fixed.range(of: "\n  ]")?.lowerBound ?? Self.fixed.endIndex)]
        XCTAssertTrue(saved.hasPrefix(kept), "the file is kept as it was up to its last room: \(saved)")
        XCTAssertTrue(saved.contains("\"title\": \"Harbour Cam\""), saved)
        XCTAssertTrue(saved.contains("\"source\": \"\(media.path)\""), saved)
    }

}
