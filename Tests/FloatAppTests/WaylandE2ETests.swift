import Foundation
import TestSupport
import XCTest

/// The Wayland fallback (P18): a compositor-moved float, no snapping, said once.
///
/// weston runs nested in the test's Xvfb (its x11 backend), and FloatApp talks
/// Wayland to it; SDL 2.26 cannot start on weston's headless backend.
final class WaylandE2ETests: DesktopTestCase {
    func testFloatOpensAsCompositorMovedWindowAndSaysSoOnce() throws {
        let desktop = try startDesktop(windowManager: .none)
        let runtime = desktop.workFolder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = "floatapp-wayland"
        let weston = try ChildProcess(
            executable: "/usr/bin/weston",
            arguments: ["--backend=x11-backend.so", "--socket=\(socket)", "--width=1280", "--height=720", "--idle-time=0"],
            environment: desktop.clientEnvironment(home: desktop.workFolder, extra: ["XDG_RUNTIME_DIR": runtime.path]),
            stdoutURL: desktop.artifactsFolder.appendingPathComponent("weston.stdout.log"),
            stderrURL: desktop.artifactsFolder.appendingPathComponent("weston.stderr.log"))
        addTeardownBlock { weston.terminate() }
        try eventually("weston listens on its socket\n\(weston.outputTail())", timeout: 15) {
            FileManager.default.fileExists(atPath: runtime.appendingPathComponent(socket).path)
        }

        let rooms = desktop.workFolder.appendingPathComponent("rooms.json")
        try """
            {"rooms": [{"id": "wl", "title": "Wayland Live", "kind": "live",
              "source": "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]"}]}
            """.write(to: rooms, atomically: true, encoding: .utf8)
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            ["--rooms", rooms.path, "--open", "wl", "--float", "--stats", stats.url.path],
            on: desktop, for: self,
            environment: ["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path])

        try eventually("the float presents frames under Wayland\n\(app.outputTail())", timeout: 20) {
            stats.events(named: "frame", matching: ["window": "float", "room": "wl"]).count >= 5
        }
        XCTAssertTrue(app.isRunning)
        let notices = app.outputTail(lines: 200).components(separatedBy: "\n")
            .filter { $0.contains("Wayland: the float is moved by the compositor") }
        XCTAssertEqual(notices.count, 1, "the fallback is logged exactly once:\n\(app.outputTail())")
        XCTAssertTrue(stats.events(named: "snap_target").isEmpty, "no snapping under Wayland")
        try desktop.screenshot("wayland-float")
    }
}
