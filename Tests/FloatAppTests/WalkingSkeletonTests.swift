import Foundation
import TestSupport
import XCTest

/// The whole path on a real desktop: list, open a room by keyboard, float it, click it back.
final class WalkingSkeletonTests: DesktopTestCase {
    private let roomTitle = "Skeleton Live"
    private let inset = 16
    private let tolerance = 2

    private func writeRoomsFile(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("rooms.json")
        let rooms = """
            {"rooms": [{"id": "skeleton-live", "title": "\(roomTitle)", "kind": "live",
              "source": "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]"}]}
            """
        try rooms.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func testOpenFloatAndClickBack() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let rooms = try writeRoomsFile(in: desktop.workFolder)
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try launchApp(["--rooms", rooms.path, "--stats", stats.url.path], on: desktop)
        do {
            try walk(desktop, app, stats)
        } catch {
            _ = try? desktop.screenshot("failure")
            throw HarnessError("\(error)\n\(app.outputTail())")
        }
    }

    private func walk(_ desktop: TestDesktop, _ app: AppProcess, _ stats: StatsFile) throws {
        let workArea = try XCTUnwrap(desktop.workArea())
        XCTAssertEqual(workArea.maxY, desktop.screen.maxY - 48)

        // The list: focus the main window with a click on its empty lower part, open the first row.
        let main = try desktop.waitForWindow(.title("FloatApp"), timeout: 30)
        let mainRect = try XCTUnwrap(desktop.geometry(of: main))
        try desktop.screenshot("1-list")
        desktop.click(at: DesktopPoint(x: mainRect.maxX - 12, y: mainRect.maxY - 12))
        try eventually("the main window takes focus", timeout: 5) { desktop.activeWindow() == main }
        desktop.key(.returnKey)
        try eventually("the room opens and the main window presents its frames", timeout: 10) {
            !stats.events(named: "frame", matching: ["window": "main", "room": "skeleton-live"]).isEmpty
        }
        try desktop.screenshot("2-room")

        // Float it with the P key.
        desktop.key(.p)
        let float = try desktop.waitForWindow(.title("\(roomTitle) - PiP"), timeout: 10)
        XCTAssertEqual(desktop.wmClass(of: float)?.className, "PictureInPicture")
        try eventually("the float is always on top and skips the taskbar: \(desktop.describe(float))", timeout: 5) {
            desktop.netWMState(of: float).isSuperset(of: ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR"])
        }
        XCTAssertFalse(desktop.isDecorated(float), "the float has no decorations: \(desktop.describe(float))")

        let corner = DesktopPoint(x: workArea.maxX - inset, y: workArea.maxY - inset)
        let frame = try eventuallyValue(
            "the float settles at the bottom-right corner \(corner) of \(workArea): \(desktop.describe(float))",
            timeout: 5
        ) { () -> DesktopRect? in
            guard let frame = desktop.frameGeometry(of: float),
                abs(frame.maxX - corner.x) <= tolerance, abs(frame.maxY - corner.y) <= tolerance
            else { return nil }
            return frame
        }
        XCTAssertTrue(workArea.contains(frame), "the float \(frame) lies inside the work area \(workArea)")
        try desktop.screenshot("3-float")

        // It plays: not black, and moving.
        let first = try eventuallyValue("the float shows a picture", timeout: 5) { () -> Image? in
            let image = try desktop.grab(window: float)
            return image.darkFraction() < 0.5 ? image : nil
        }
        let second = try eventuallyValue("the float's picture changes (moving video)", timeout: 3) { () -> Image? in
            let image = try desktop.grab(window: float)
            return image.meanAbsoluteDifference(to: first) > 1 ? image : nil
        }
        XCTAssertFalse(second.isMostlyBlack(), "dark fraction \(second.darkFraction())")

        // One click (no drag) restores the full view: the float closes, the main window shows.
        desktop.click(at: frame.center)
        try desktop.waitUntilGone(.titleSuffix(" - PiP"), timeout: 5)
        try desktop.waitForWindow(.title("FloatApp"), visibility: .viewable, timeout: 5)
        XCTAssertTrue(app.isRunning, "the app keeps running after the float closes")
        try desktop.screenshot("4-restored")
    }
}
