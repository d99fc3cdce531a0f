import CX11
import Foundation
import PiPLayout
import Rooms
import TestSupport
import XCTest

/// A call's float carries the call's controls (P5): hovering shows Leave, mute, restore, the
/// speaker's name and a volume slider where they fit, at the places FloatControlsLayout gives;
/// Leave hangs up, releasing the float and closing every participant's source.
final class CallFloatControlsE2ETests: AppE2ETestCase {
    private let call = RoomsFixture.Room.call(
        "standup", title: "Standup",
        participants: [("Ada", RoomsFixture.colorSource("2a6f97")), ("Ben", RoomsFixture.colorSource("27ae60"))])
    /// Theme.error, Leave's fill.
    private let leaveRed = RGB(red: 0xf0, green: 0x5a, blue: 0x5a)
    /// A point on the root away from every window.
    private let away = DesktopPoint(x: 4, y: 4)

    /// `rect` of the float's coordinates on the screen, for a float at `frame`.
    private func onScreen(_ rect: Rect, in frame: DesktopRect) -> DesktopRect {
        DesktopRect(x: frame.x + Int(rect.minX.rounded()), y: frame.y + Int(rect.minY.rounded()),
                    width: Int(rect.width.rounded()), height: Int(rect.height.rounded()))
    }

    /// Floats the call at `dpi`, hovers it until Leave shows where the layout puts it, and
    /// clicks Leave; checks the float goes and every source closes.
    private func leaveFromTheFloat(dpi: Int, shot: String, shrinkToMinimum: Bool = false) throws {
        let desktop = try startDesktop()
        try desktop.mergeResources("Xft.dpi: \(dpi)\n")
        let roomsFile = try RoomsFixture(rooms: [call]).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: ["--open", call.id, "--float"], on: desktop) {
            try launchApp($0, on: desktop)
        }
        try session.run {
            desktop.moveMouse(to: away)
            let float = try session.waitForFloat(of: call.title)
            try session.waitForEvents("status", ["room": call.id, "status": "playing"], timeout: 10)
            if shrinkToMinimum { try shrink(float, on: desktop) }
            let frame = try eventuallyValue("the float settles", timeout: 5) { () -> DesktopRect? in
                let first = desktop.geometry(of: float)
                Thread.sleep(forTimeInterval: 0.2)
                return first == desktop.geometry(of: float) ? first : nil
            }
            let layout = FloatControlsLayout(kind: .call, size: Size(width: Double(frame.width), height: Double(frame.height)),
                                             scale: Double(dpi) / 96)
            let leave = onScreen(try XCTUnwrap(layout.rect(of: .leave)), in: frame)
            desktop.moveMouse(to: frame.center)
            desktop.moveMouse(to: leave.center)
            try eventually("Leave shows at \(leave)", timeout: 3) {
                try desktop.grab(leave).fraction(matching: leaveRed, tolerance: 40) > 0.3
            }
            let path = try desktop.screenshot(shot)
            print("\(dpi) dpi: float \(frame), controls \(layout.placements.map { "\($0.control) \($0.rect)" }); \(path.path)")

            desktop.click()
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("stop", ["room": call.id])
            try session.waitForEvents("counters", ["room": call.id], count: 2)
            XCTAssertTrue(session.app.isRunning)
        }
    }

    func testLeaveHangsUpFromTheFloatAt1x() throws {
        try leaveFromTheFloat(dpi: 96, shot: "call-float-1x")
    }

    func testLeaveHangsUpFromTheSmallestFloatAt1point5x() throws {
        try leaveFromTheFloat(dpi: 144, shot: "call-float-smallest-1.5x", shrinkToMinimum: true)
    }

    /// Shrinks the float with `-` until it is the smallest float (P11: 160x90).
    private func shrink(_ float: Window, on desktop: TestDesktop) throws {
        try eventually("the float is focused", timeout: 5, poll: 0.2) {
            if desktop.activeWindow() == float { return true }
            desktop.activate(float)
            return false
        }
        try eventually("the float shrinks to 160x90: \(desktop.describe(float))", timeout: 20, poll: 0.3) {
            if let frame = desktop.geometry(of: float), frame.width <= 160 { return true }
            desktop.key(.minus)
            return false
        }
        desktop.moveMouse(to: away)
    }

    func testLeaveHangsUpFromTheFloatAt2x() throws {
        try leaveFromTheFloat(dpi: 192, shot: "call-float-2x")
    }

    func testControlArrowsSetTheFloatsVolume() throws {
        let session = try startApp(rooms: [call], arguments: ["--open", call.id, "--float"])
        try session.run {
            let desktop = session.desktop
            let float = try session.waitForFloat(of: call.title)
            try eventually("the float is focused", timeout: 5, poll: 0.2) {
                if desktop.activeWindow() == float { return true }
                desktop.activate(float)
                return false
            }
            let frame = desktop.geometry(of: float)
            desktop.key(.down, modifiers: [.control])
            try session.waitForEvents("volume", ["room": call.id, "volume": "0.9"])
            desktop.key(.down, modifiers: [.control])
            try session.waitForEvents("volume", ["room": call.id, "volume": "0.8"])
            XCTAssertEqual(desktop.geometry(of: float), frame, "Ctrl+Down sets the volume and does not move the float")
        }
    }
}
