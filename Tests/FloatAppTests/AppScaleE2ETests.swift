import Foundation
import TestSupport
import XCTest

/// The app draws at the scale the desktop publishes (`Xft.dpi` in the X resources) and follows
/// a change at runtime: text and the main window grow in proportion, the float keeps its corner.
final class AppScaleE2ETests: AppE2ETestCase {
    private let room = RoomsFixture.Room.live("still", title: "Still Live", source: RoomsFixture.colorSource("2a6f97"))
    /// Theme.text, the colour of titles.
    private let textColor = RGB(red: 0xec, green: 0xee, blue: 0xf2)

    /// The height of the first line of title text in the left quarter of the main window (the
    /// list's "FloatApp" heading): the rows holding title-coloured pixels, from the first such
    /// row to the next row without any.
    private func headingHeight(_ session: RunningApp) throws -> Int {
        let rect = try session.mainRect()
        let image = try session.desktop.grab(DesktopRect(x: rect.x, y: rect.y, width: rect.width / 4, height: rect.height / 4))
        let inked = (0..<image.height).map { y in (0..<image.width).contains { image[$0, y].distance(to: textColor) <= 48 } }
        guard let top = inked.firstIndex(of: true) else { return 0 }
        return (inked[top...].firstIndex(of: false) ?? image.height) - top
    }

    /// Launches the app on `desktop` and waits until the list is painted.
    private func launch(on desktop: TestDesktop, _ arguments: [String]) throws -> RunningApp {
        let roomsFile = try RoomsFixture(rooms: [room]).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: arguments + ["--log-level", "info"], on: desktop) {
            try launchApp($0, on: desktop)
        }
        try eventually("the list is painted", timeout: 10) { try headingHeight(session) > 0 }
        return session
    }

    private func assertRatio(_ value: Int, _ base: Int, _ ratio: Double, _ what: String, tolerance: Double = 0.12,
                             line: UInt = #line) {
        let measured = Double(value) / Double(max(base, 1))
        XCTAssertEqual(measured, ratio, accuracy: ratio * tolerance, "\(what): \(value) vs \(base) at 1x", line: line)
    }

    func testXftDPIScalesTextAndTheMainWindowAndARuntimeChangeIsFollowed() throws {
        let desktop = try startDesktop()
        let plain = try launch(on: desktop, [])
        let base = (window: try plain.mainRect(), text: try headingHeight(plain))
        let shot1 = try desktop.screenshot("scale-1x")
        plain.app.terminate()
        try desktop.waitUntilGone(.title("FloatApp"))
        print("1x: main window \(base.window), heading \(base.text) px; \(shot1.path)")

        try desktop.mergeResources("Xft.dpi: 192\n")
        let session = try launch(on: desktop, ["--open", room.id, "--float"])
        try session.run {
            let float = try session.waitForFloat(of: room.title)
            let window = try session.mainRect(), text = try headingHeight(session)
            let shot2 = try desktop.screenshot("scale-2x")
            print("2x: main window \(window), heading \(text) px; \(shot2.path)")
            assertRatio(window.width, base.window.width, 2, "main window width")
            // Twice 600 px does not fit the 1080 px screen: the window takes the usable height.
            let usable = try XCTUnwrap(desktop.workArea())
            XCTAssertEqual(window.height, min(base.window.height * 2, usable.height), accuracy: 30, "main window height")
            XCTAssertGreaterThanOrEqual(window.y, usable.y, "the title bar stays on the screen")
            assertRatio(text, base.text, 2, "heading height")
            let floatFrame = try XCTUnwrap(desktop.geometry(of: float))

            try desktop.mergeResources("Xft.dpi: 144\n")
            let changed = Date()
            try session.waitForEvents("scale", ["factor": "1.5"], timeout: 1)
            // The window shrinks in proportion to the size it had at 2x.
            var seen = window
            try eventually("the main window is resized to 3/4 of \(window) (last \(seen))", timeout: 1) {
                let now = try session.mainRect()
                seen = now
                return abs(now.width - window.width * 3 / 4) <= 4 && abs(now.height - window.height * 3 / 4) <= 4
            }
            try eventually("the heading is redrawn at 1.5x", timeout: 1) {
                abs(Double(try headingHeight(session)) / Double(base.text) - 1.5) < 0.18
            }
            print("1.5x followed in \(Date().timeIntervalSince(changed)) s")
            let shot15 = try desktop.screenshot("scale-1.5x")
            print("1.5x: main window \(try session.mainRect()), heading \(try headingHeight(session)) px; \(shot15.path)")
            XCTAssertEqual(desktop.geometry(of: float), floatFrame, "the float keeps its corner and size")
        }
    }
}
