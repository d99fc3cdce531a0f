import CX11
import Foundation
import TestSupport
import XCTest

/// Pixel grabs and screenshots see what clients draw.
final class DesktopPixelsTests: DesktopTestCase {
    func testGrabSeesFilledColourAndChanges() throws {
        let desktop = try startDesktop(windowManager: .none)
        let orange = RGB(red: 240, green: 130, blue: 20)
        let probe = try ProbeWindow(
            on: desktop.display, title: "Colour", wmClass: ("colour", "Colour"),
            origin: DesktopPoint(x: 400, y: 300), size: (200, 100), color: orange)
        let window = try desktop.waitForWindow(.title("Colour"))
        let rect = try XCTUnwrap(desktop.geometry(of: window))
        XCTAssertEqual(rect, DesktopRect(x: 400, y: 300, width: 200, height: 100))

        let first = try eventuallyValue("the probe shows its colour") {
            let image = try desktop.grab(rect)
            return image.fraction(matching: orange, tolerance: 2) > 0.99 ? image : nil
        }
        XCTAssertEqual(first.width, 200)
        XCTAssertEqual(first.height, 100)
        XCTAssertLessThan(first.meanColor.distance(to: orange), 1, "\(first.meanColor)")
        XCTAssertFalse(first.isMostlyBlack())
        XCTAssertEqual(try desktop.grab(rect).meanAbsoluteDifference(to: first), 0)

        XSetWindowBackground(probe.connection.display, probe.window, 0)
        XClearWindow(probe.connection.display, probe.window)
        probe.connection.sync()

        let second = try eventuallyValue("the probe turns black") {
            let image = try desktop.grab(window: window)
            return image.isMostlyBlack(fraction: 0.99) ? image : nil
        }
        XCTAssertGreaterThan(second.meanAbsoluteDifference(to: first), 100)
        let partlyOff = try desktop.grab(DesktopRect(x: 1900, y: 1000, width: 100, height: 100))
        XCTAssertEqual(partlyOff.width, 20, "grabs are clipped to the screen")
    }

    func testScreenshotWritesScreenSizedPNG() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let probe = try ProbeWindow(
            on: desktop.display, title: "Shot", wmClass: ("shot", "Shot"),
            origin: DesktopPoint(x: 100, y: 100), size: (300, 200), color: RGB(red: 20, green: 200, blue: 220))
        try desktop.waitForWindow(.title("Shot"))

        let file = try desktop.screenshot("probe")
        XCTAssertTrue(desktop.exists(probe.window))

        XCTAssertEqual(file.deletingLastPathComponent().path, desktop.artifactsFolder.path)
        let data = try Data(contentsOf: file)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
        let header = Array(data[16..<24])
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(width, 1920)
        XCTAssertEqual(height, 1080)
    }
}
