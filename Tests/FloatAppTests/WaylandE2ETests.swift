import Foundation
import TestSupport
import XCTest

/// The native Wayland float (P18): a compositor-moved float, no snapping, said once; in front
/// of the main window when PiP starts; floating on a tiling compositor; its video never
/// stretched; a click restores.
///
/// weston and sway run nested in the test's Xvfb (their x11 backends), and FloatApp talks
/// Wayland to them: SDL 2.26 cannot start on weston's headless backend, and sway's headless
/// backend has no input devices, so no client gets a pointer there. XTEST input on the Xvfb
/// reaches them as their seat's own pointer.
final class WaylandE2ETests: DesktopTestCase {
    private let rooms = """
        {"rooms": [{"id": "wl", "title": "Wayland Live", "kind": "live",
          "source": "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]"}]}
        """

    /// weston 10 offers no xdg-activation: the main window is minimized so that the float,
    /// started with `--float` (the main window appears after it), is the top window; a click
    /// on the float brings the main window back.
    func testOnWestonTheFloatIsInFrontAsACompositorMovedWindowAndAClickRestores() throws {
        let desktop = try startDesktop(windowManager: .none)
        let runtime = desktop.workFolder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = "floatapp-wayland"
        // The pointer starts outside weston's X window (1280x720 at the top-left of the
        // 1920x1080 screen) and first enters it with the move to the float. weston 10's x11
        // backend places its pointer from an EnterNotify through the output's inverse matrix,
        // which it first computes at the output's first repaint: when Xvfb's pointer (at the
        // screen's centre) sits inside the window as it maps, that EnterNotify may be handled
        // before the first repaint, puts weston's pointer at NaN, read as (0, 0) (the panel's
        // terminal launcher), and keeps NaN as the previous position, so the next motion, taken
        // relative to it, moves nothing: the click then lands on the panel, not on the float.
        // (weston 12 computes the matrix when the output is enabled.)
        desktop.moveMouse(to: DesktopPoint(x: desktop.screen.maxX - 1, y: desktop.screen.maxY - 1))
        // --debug lets weston-debug read the scene graph (the stacking order).
        let weston = try ChildProcess(
            executable: "/usr/bin/weston",
            arguments: ["--backend=x11-backend.so", "--socket=\(socket)", "--width=1280", "--height=720", "--idle-time=0", "--debug"],
            environment: desktop.clientEnvironment(home: desktop.workFolder, extra: ["XDG_RUNTIME_DIR": runtime.path]),
            stdoutURL: desktop.artifactsFolder.appendingPathComponent("weston.stdout.log"),
            stderrURL: desktop.artifactsFolder.appendingPathComponent("weston.stderr.log"))
        addTeardownBlock { weston.terminate() }
        try eventually("weston listens on its socket\n\(weston.outputTail())", timeout: 15) {
            FileManager.default.fileExists(atPath: runtime.appendingPathComponent(socket).path)
        }
        let sceneGraph = { () throws -> [(title: String, frame: DesktopRect)] in
            let outcome = try ChildProcess.run(
                "/usr/bin/weston-debug", ["scene-graph"],
                environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket],
                in: desktop.artifactsFolder, name: "weston-debug", timeout: 10)
            return Self.toplevels(inSceneGraph: outcome.stdout)
        }

        let roomsFile = desktop.workFolder.appendingPathComponent("rooms.json")
        try rooms.write(to: roomsFile, atomically: true, encoding: .utf8)
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            ["--rooms", roomsFile.path, "--open", "wl", "--float", "--stats", stats.url.path, "--log-level", "debug"],
            on: desktop, for: self,
            environment: ["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path])

        try eventually("the float presents frames under Wayland\n\(app.outputTail())", timeout: 20) {
            stats.events(named: "frame", matching: ["window": "float", "room": "wl"]).count >= 5
        }
        let float = try eventuallyValue("the float is weston's only top-level window", timeout: 10) {
            () -> DesktopRect? in
            let shown = try sceneGraph()
            return shown.map(\.title) == ["Wayland Live - PiP"] ? shown[0].frame : nil
        }
        XCTAssertTrue(app.isRunning)
        let log = app.outputTail(lines: 200)
        let notices = log.components(separatedBy: "\n").filter { $0.contains("Wayland: the float is moved by the compositor") }
        XCTAssertEqual(notices.count, 1, "the fallback is logged exactly once:\n\(log)")
        XCTAssertTrue(log.contains("offers no xdg-activation"), "weston 10 has no xdg-activation:\n\(log)")
        XCTAssertFalse(log.contains("warn: no dismiss target"), "no dismiss target is tried under Wayland:\n\(log)")
        XCTAssertTrue(stats.events(named: "snap_target").isEmpty, "no snapping under Wayland")
        XCTAssertEqual(Double(float.width) / Double(float.height), 16.0 / 9.0, accuracy: 0.02, "the float has its video's aspect")
        try desktop.screenshot("1-weston-float")

        let mainFramesBefore = stats.events(named: "frame", matching: ["window": "main", "room": "wl"]).count
        desktop.moveMouse(to: float.center)
        desktop.click()
        let main = try eventuallyValue("a click on the float brings the main window back\n\(app.outputTail())", timeout: 10) {
            () -> DesktopRect? in
            let shown = try sceneGraph()
            return shown.map(\.title) == ["FloatApp"] ? shown[0].frame : nil
        }
        try eventually("the main window plays the room again\n\(app.outputTail())", timeout: 10) {
            stats.events(named: "frame", matching: ["window": "main", "room": "wl"]).count >= mainFramesBefore + 5
        }
        try desktop.screenshot("2-weston-restored")

        // Again, from the PiP button (the control bar's first, 16 px from the left, centred 32 px
        // above the bottom): the main window is out of the way again, and comes back again.
        desktop.moveMouse(to: main.center)
        desktop.moveMouse(to: DesktopPoint(x: main.x + 36, y: main.maxY - 32))
        desktop.click()
        let again = try eventuallyValue("the PiP button floats the room in front again\n\(app.outputTail())", timeout: 10) {
            () -> DesktopRect? in
            let shown = try sceneGraph()
            return shown.map(\.title) == ["Wayland Live - PiP"] ? shown[0].frame : nil
        }
        desktop.moveMouse(to: again.center)
        desktop.click()
        try eventually("a click on the float brings the main window back again\n\(app.outputTail())", timeout: 10) {
            try sceneGraph().map(\.title) == ["FloatApp"]
        }
    }

    /// sway floats the float (equal minimum and maximum sizes), focused, at its video's aspect,
    /// when the user presses the PiP button; a click on it restores. With a user's rule that
    /// tiles it anyway, the video is letterboxed in the tile, not stretched.
    func testOnSwayTheFloatFloatsInFrontKeepsItsAspectAndAClickRestores() throws {
        let desktop = try startDesktop(windowManager: .none)
        let sway = try SwayCompositor(config: "default_border normal\n", on: desktop, for: self)
        let roomsFile = sway.file("rooms.json")
        try rooms.write(to: roomsFile, atomically: true, encoding: .utf8)
        let stats = StatsFile(url: sway.file("stats.jsonl"))
        let app = try sway.launchApp(["--rooms", roomsFile.path, "--open", "wl", "--stats", stats.url.path,
                                      "--log-level", "debug"], for: self)
        try eventually("the room plays in the main window\n\(app.outputTail())", timeout: 20) {
            stats.events(named: "frame", matching: ["window": "main", "room": "wl"]).count >= 3
        }
        let main = try XCTUnwrap(sway.windows().first { $0.title == "FloatApp" }, "sway shows the main window")
        XCTAssertEqual(main.appID, DesktopEntryTests.applicationID, "the compositor finds the desktop file by app_id")

        // The PiP button: the control bar's first, 16 px from the left, centred 32 px above the bottom.
        let pipButton = DesktopPoint(x: main.content.x + 36, y: main.content.maxY - 32)
        let pressPiP = {
            desktop.moveMouse(to: main.content.center)
            desktop.moveMouse(to: pipButton)
            desktop.click()
        }
        // sway lists a new window before it lays it out and shows it (it waits for every window it
        // lays out anew to draw): the float counts once its video shows where the tree says, and
        // beside it the main window's list where the main window's video was.
        let shownFloat = { (description: String, matching: @escaping (SwayWindow) -> Bool) throws -> SwayWindow in
            try eventuallyValue("\(description)\n\(app.outputTail())", timeout: 10) { () -> SwayWindow? in
                guard let float = try sway.windows().first(where: { $0.title.hasSuffix(" - PiP") && matching($0) }),
                      float.content.x >= 60 else { return nil }
                let beside = DesktopRect(x: float.content.x - 60, y: float.content.y, width: 40, height: float.content.height)
                let shown = try !sway.grab(float.content).isMostlyBlack()
                    && sway.grab(beside).isMostlyBlack(fraction: 0.95, threshold: 40)
                return shown ? float : nil
            }
        }
        pressPiP()
        let float = try shownFloat("the float shows in front of the main window's list") { _ in true }
        XCTAssertEqual(float.title, "Wayland Live - PiP")
        XCTAssertNotNil(float.title.range(of: "- PiP$", options: .regularExpression), "the user guide's sway rule matches the title")
        XCTAssertTrue(float.floating, "sway floats the float instead of tiling it")
        XCTAssertTrue(float.focused && float.visible, "the float is in front, focused")
        XCTAssertEqual(Double(float.content.width) / Double(float.content.height), 16.0 / 9.0, accuracy: 0.02,
                       "the float has its video's aspect: \(float.content)")
        try sway.screenshot("1-sway-float")
        // The activation follows the float's first picture (sway may show the float before it).
        try eventually("the float is activated for the click on the PiP button\n\(app.outputTail())", timeout: 5) {
            app.outputTail(lines: 200).contains("xdg-activation: activating a window for the press of serial")
        }
        let log = app.outputTail(lines: 200)
        XCTAssertTrue(log.contains("brought in front through xdg-activation"), "sway offers xdg-activation:\n\(log)")
        XCTAssertFalse(log.contains("warn: no dismiss target"), "no dismiss target is tried under Wayland:\n\(log)")

        let restore = { (float: SwayWindow) in
            desktop.moveMouse(to: float.content.center)
            desktop.click()
            try eventually("a click on the float restores the main window\n\(app.outputTail())", timeout: 10) {
                let windows = try sway.windows()
                return windows.map(\.title) == ["FloatApp"] && windows[0].focused
            }
        }
        try restore(float)

        // The user guide's rule for sway users: the float also shows on every workspace.
        try sway.addToConfig("for_window [title=\"- PiP$\"] floating enable, sticky enable")
        pressPiP()
        let sticky = try shownFloat("the float shows under the user guide's rule") { $0.sticky }
        XCTAssertTrue(sticky.floating)
        try restore(sticky)

        // A user's rule that tiles the float: sway gives it half the output, and the video keeps
        // its aspect inside it, black above and below.
        try sway.addToConfig("for_window [title=\"- PiP$\"] floating disable")
        pressPiP()
        // Read the tree again each time: a window just mapped is listed before sway has laid it out.
        var last = ""
        do {
            try eventually("the float is tiled and shows its video letterboxed, black above and below", timeout: 10) {
                guard let tiled = try sway.windows().first(where: { $0.title.hasSuffix(" - PiP") && !$0.floating }) else {
                    return false
                }
                let videoRows = tiled.content.width * 9 / 16, bar = (tiled.content.height - videoRows) / 2
                let image = try sway.grab(tiled.content)
                // The LIVE badge sits at the window's top-left corner, inside the top bar: look below it.
                let middle = Self.rows(image, from: bar + 4, to: bar + videoRows - 4)
                let top = Self.rows(image, from: 40, to: bar - 2)
                let bottom = Self.rows(image, from: bar + videoRows + 2, to: image.height - 2)
                last = "\(tiled.content): dark fractions: top \(top.darkFraction()), video \(middle.darkFraction()), "
                    + "bottom \(bottom.darkFraction())"
                return bar > 50 && !middle.isMostlyBlack(fraction: 0.5) && top.isMostlyBlack(fraction: 0.99)
                    && bottom.isMostlyBlack(fraction: 0.99)
            }
        } catch {
            XCTFail("\(error); \(last)")
        }
        try sway.screenshot("2-sway-tiled-letterboxed")
        XCTAssertTrue(app.isRunning)
    }

    /// The rows `from..<to` of `image`.
    private static func rows(_ image: Image, from: Int, to: Int) -> Image {
        let lower = max(0, from), upper = min(image.height, max(lower, to))
        return Image(width: image.width, height: upper - lower,
                     pixels: Array(image.pixels[(lower * image.width)..<(upper * image.width)]))
    }

    /// The top-level windows of weston's scene graph, top first, with their frames.
    private static func toplevels(inSceneGraph text: String) -> [(title: String, frame: DesktopRect)] {
        var found: [(String, DesktopRect)] = []
        let lines = text.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            guard let start = line.range(of: "top-level window '"), let end = line.range(of: "' of ", range: start.upperBound..<line.endIndex),
                  i + 1 < lines.count else { continue }
            let numbers = lines[i + 1].split(whereSeparator: { !"-0123456789".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 4 else { continue }
            found.append((String(line[start.upperBound..<end.lowerBound]),
                          DesktopRect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])))
        }
        return found
    }
}
