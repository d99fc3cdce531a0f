import CX11
import Foundation
import TestSupport
import XCTest

/// The harness finds real client windows and reads what the window manager made of them.
final class DesktopInspectionTests: DesktopTestCase {
    private let magenta = RGB(red: 200, green: 40, blue: 120)

    private func makeFloatLikeProbe(on desktop: TestDesktop) throws -> ProbeWindow {
        try ProbeWindow(
            on: desktop.display, title: "Probe Room - PiP", wmClass: ("probe", "PictureInPicture"),
            origin: DesktopPoint(x: 300, y: 200), size: (320, 180), color: magenta,
            states: ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR"],
            windowType: "_NET_WM_WINDOW_TYPE_UTILITY", role: "PictureInPicture",
            motif: MotifHints(flags: 2, functions: 0, decorations: 0))
    }

    func testFindsWindowAndReadsItsProperties() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let probe = try makeFloatLikeProbe(on: desktop)

        let found = try desktop.waitForWindow(.titleSuffix(" - PiP"))
        XCTAssertEqual(found, probe.window)
        XCTAssertEqual(desktop.findWindows(.wmClass("PictureInPicture")), [probe.window])
        XCTAssertEqual(desktop.findWindows(.title("Probe Room - PiP")), [probe.window])
        XCTAssertEqual(desktop.findWindows(.titlePrefix("Probe Room")), [probe.window])
        XCTAssertEqual(desktop.findWindows(.wmInstance("probe")), [probe.window])
        XCTAssertEqual(desktop.findWindows(.title("Probe Room")), [])
        XCTAssertEqual(desktop.title(of: found), "Probe Room - PiP")
        XCTAssertEqual(desktop.wmName(of: found), "Probe Room - PiP")
        XCTAssertEqual(desktop.wmClass(of: found)?.className, "PictureInPicture")
        XCTAssertEqual(desktop.role(of: found), "PictureInPicture")
        XCTAssertEqual(desktop.windowTypes(of: found), ["_NET_WM_WINDOW_TYPE_UTILITY"])
        XCTAssertEqual(desktop.motifHints(of: found)?.requestsNoDecorations, true)
        try eventually("openbox keeps the requested states", timeout: 5) {
            desktop.netWMState(of: found).isSuperset(of: ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR"])
        }
        XCTAssertEqual(desktop.mapState(of: found), .viewable)
        XCTAssertEqual(desktop.geometry(of: found), DesktopRect(x: 300, y: 200, width: 320, height: 180))
        XCTAssertFalse(desktop.isDecorated(found), desktop.describe(found))
        XCTAssertEqual(desktop.frameExtents(of: found), .zero)
    }

    func testSeesDecorationsAndStacking() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let plain = try ProbeWindow(
            on: desktop.display, title: "Plain", wmClass: ("plain", "Plain"),
            origin: DesktopPoint(x: 100, y: 100), size: (400, 300), color: RGB(red: 0, green: 90, blue: 200))
        let plainWindow = try desktop.waitForWindow(.title("Plain"))
        try eventually("openbox focuses the new plain window") { desktop.activeWindow() == plainWindow }
        let above = try makeFloatLikeProbe(on: desktop)
        try desktop.waitForWindow(.wmClass("PictureInPicture"))

        try eventually("openbox frames the plain window", timeout: 5) { desktop.isDecorated(plainWindow) }
        let extents = try XCTUnwrap(desktop.frameExtents(of: plainWindow))
        XCTAssertGreaterThan(extents.top, extents.bottom, "a title bar is taller than the bottom edge")
        let frame = try XCTUnwrap(desktop.frameGeometry(of: plainWindow))
        let client = try XCTUnwrap(desktop.geometry(of: plainWindow))
        XCTAssertTrue(frame.contains(client))
        XCTAssertEqual(frame.height, client.height + extents.top + extents.bottom)
        XCTAssertNotEqual(desktop.topLevelAncestor(of: plainWindow), plainWindow, "openbox reparents into a frame")

        XCTAssertTrue(desktop.isStacked(above.window, above: plain.window))
        XCTAssertFalse(desktop.isStacked(plain.window, above: above.window))
    }

    func testNoticesWindowsGoingAway() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let probe = try makeFloatLikeProbe(on: desktop)
        let window = try desktop.waitForWindow(.titleSuffix(" - PiP"))

        XCTAssertThrowsError(try desktop.waitUntilGone(.titleSuffix(" - PiP"), timeout: 0.2))
        probe.destroy()

        try desktop.waitUntilGone(.titleSuffix(" - PiP"))
        XCTAssertFalse(desktop.exists(window))
        XCTAssertNil(desktop.geometry(of: window))
        XCTAssertNil(desktop.title(of: window))
        XCTAssertThrowsError(try desktop.waitForWindow(.titleSuffix(" - PiP"), timeout: 0.2))
    }
}
