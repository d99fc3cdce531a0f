import CX11
import Foundation
import TestSupport
import XCTest

/// The float window (P2, P5, P9, P10, P12): its window properties, hover buttons, keys, and
/// staying above other applications.
final class AppFloatE2ETests: AppE2ETestCase {
    private let room = RoomsFixture.Room.live(
        "still", title: "Still Live", source: RoomsFixture.colorSource("2a6f97"))
    private let inset = 16
    /// The hover buttons: 32 px squares 6 px in from the float's corners (FloatView, scale 1).
    private let buttonSize = 32
    private let buttonMargin = 6
    /// A point on the root away from every window, so no window is hovered.
    private let away = DesktopPoint(x: 4, y: 4)

    /// The float's hover buttons.
    private enum Spot: CaseIterable {
        case restore, close, mute
    }

    /// The square of `spot` on a float at `frame`, in root coordinates.
    private func rect(of spot: Spot, in frame: DesktopRect) -> DesktopRect {
        let near = buttonMargin
        let farX = frame.width - buttonMargin - buttonSize
        let farY = frame.height - buttonMargin - buttonSize
        let origin: DesktopPoint =
            switch spot {
            case .restore: DesktopPoint(x: near, y: near)
            case .close: DesktopPoint(x: farX, y: near)
            case .mute: DesktopPoint(x: near, y: farY)
            }
        return DesktopRect(x: frame.x + origin.x, y: frame.y + origin.y, width: buttonSize, height: buttonSize)
    }

    /// Starts the app with the room floating and waits until the float has settled at the
    /// bottom-right corner and shows a picture; returns the float and its frame.
    private func startFloating(_ session: RunningApp) throws -> (Window, DesktopRect) {
        let float = try session.waitForFloat(of: room.title)
        let frame = try waitForSettledFloat(float, session)
        try eventually("the float shows a picture", timeout: 5) {
            try !session.desktop.grab(frame).isMostlyBlack()
        }
        return (float, frame)
    }

    private func waitForSettledFloat(_ float: Window, _ session: RunningApp) throws -> DesktopRect {
        let desktop = session.desktop
        let workArea = try XCTUnwrap(desktop.workArea())
        let corner = DesktopPoint(x: workArea.maxX - inset, y: workArea.maxY - inset)
        return try eventuallyValue("the float settles at \(corner): \(desktop.describe(float))", timeout: 5) {
            () -> DesktopRect? in
            guard let frame = desktop.geometry(of: float), abs(frame.maxX - corner.x) <= 2,
                abs(frame.maxY - corner.y) <= 2
            else { return nil }
            return frame
        }
    }

    /// The pixels of every button spot.
    private func grabSpots(_ frame: DesktopRect, _ desktop: TestDesktop) throws -> [Spot: Image] {
        var images: [Spot: Image] = [:]
        for spot in Spot.allCases {
            images[spot] = try desktop.grab(rect(of: spot, in: frame))
        }
        return images
    }

    /// Waits until every button spot differs from `plain` (buttons shown) or matches it (hidden).
    private func waitForButtons(
        shown: Bool, plain: [Spot: Image], _ frame: DesktopRect, _ desktop: TestDesktop
    ) throws {
        var last: [Spot: Double] = [:]
        try eventually("the hover buttons are \(shown ? "shown" : "hidden") (differences \(last))", timeout: 3) {
            let now = try grabSpots(frame, desktop)
            for spot in Spot.allCases {
                last[spot] = now[spot]!.meanAbsoluteDifference(to: plain[spot]!)
            }
            return last.values.allSatisfy { shown ? $0 > 10 : $0 < 2 }
        }
    }

    /// Hovers `spot` until the buttons show, then clicks it.
    private func clickButton(
        _ spot: Spot, plain: [Spot: Image], _ frame: DesktopRect, _ desktop: TestDesktop
    ) throws {
        desktop.moveMouse(to: rect(of: spot, in: frame).center)
        try waitForButtons(shown: true, plain: plain, frame, desktop)
        desktop.click()
    }

    func testHoverShowsButtonsAndEachButtonWorks() throws {
        let session = try startApp(rooms: [room], arguments: ["--open", room.id, "--float"])
        try session.run {
            let desktop = session.desktop
            desktop.moveMouse(to: away)
            let (_, frame) = try startFloating(session)
            let plain = try grabSpots(frame, desktop)

            desktop.moveMouse(to: frame.center)
            try waitForButtons(shown: true, plain: plain, frame, desktop)
            try desktop.screenshot("1-hover")
            desktop.moveMouse(to: away)
            try waitForButtons(shown: false, plain: plain, frame, desktop)

            // Mute, bottom-left: toggles the room's sound.
            try clickButton(.mute, plain: plain, frame, desktop)
            try session.waitForEvents("mute", ["room": room.id])
            desktop.click()
            try session.waitForEvents("mute", ["room": room.id], count: 2)
            let muted = session.stats.events(named: "mute").map { $0.fields["muted"] ?? "?" }
            XCTAssertEqual(muted.count, 2)
            XCTAssertNotEqual(muted.first, muted.last, "the second click unmutes: \(muted)")

            // Restore, top-left: the full view comes back in the main window.
            let mainFrames = session.stats.events(named: "frame", matching: ["window": "main"]).count
            try clickButton(.restore, plain: plain, frame, desktop)
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("lifecycle", ["event": "didStop"])
            try session.waitForEvents("frame", ["window": "main", "room": room.id], count: mainFrames + 5)
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty, "restoring keeps playback")
            try desktop.screenshot("2-restored")

            // Close, top-right: the float goes and playback stops.
            try session.focusMain()
            desktop.key(.p)
            let again = try session.waitForFloat(of: room.title)
            XCTAssertEqual(try waitForSettledFloat(again, session), frame, "the float comes back where it was")
            try clickButton(.close, plain: plain, frame, desktop)
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("stop", ["room": room.id])
            XCTAssertTrue(session.app.isRunning, "closing the float keeps the app running")
        }
    }

    /// F6 and Tab reach the float's Mute from the main window; then M, Esc and Ctrl+W in the float.
    func testFloatKeysMuteRestoreAndClose() throws {
        let session = try startApp(rooms: [room], arguments: ["--open", room.id, "--float"])
        try session.run {
            let desktop = session.desktop
            let (float, frame) = try startFloating(session)
            // F6 in the main window (X7): the float's buttons show, the first (Restore, top left,
            // away from the accent-filled volume slider) ringed in the accent; Tab twice reaches
            // Mute (after Restore and Close), Space presses it.
            try session.focusMain()
            desktop.key(.f6)
            let accent = RGB(red: 0x4c, green: 0x8d, blue: 0xff)
            let topLeft = DesktopRect(x: frame.x, y: frame.y, width: frame.width / 3, height: frame.height / 3)
            try eventually("the float's Restore ringed", timeout: 5) {
                try desktop.grab(topLeft).fraction(matching: accent, tolerance: 0) > 0.005
            }
            try desktop.screenshot("f6-float-ring")
            desktop.key(.tab)
            desktop.key(.tab)
            desktop.key(.space)
            try session.waitForEvents("mute", ["room": room.id])
            try desktop.focus(float)

            desktop.key(.m)
            try session.waitForEvents("mute", ["room": room.id], count: 2)

            let mainFrames = session.stats.events(named: "frame", matching: ["window": "main"]).count
            desktop.key(.escape)
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("frame", ["window": "main", "room": room.id], count: mainFrames + 5)
            try eventually("the restored main window is focused\n\(desktop.describeClients())", timeout: 5) {
                desktop.activeWindow() == session.mainWindow
            }
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty, "Esc keeps playback")

            desktop.key(.p)
            let again = try session.waitForFloat(of: room.title)
            _ = try waitForSettledFloat(again, session)
            try desktop.focus(again)
            desktop.key(.w, modifiers: [.control])
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("stop", ["room": room.id])
            XCTAssertTrue(session.app.isRunning)
        }
    }

    func testFloatWindowPropertiesAndItStaysAboveAnotherWindow() throws {
        let session = try startApp(rooms: [room], arguments: ["--open", room.id, "--float"])
        try session.run {
            let desktop = session.desktop
            let (float, frame) = try startFloating(session)

            XCTAssertEqual(desktop.title(of: float), "Still Live - PiP")
            XCTAssertEqual(desktop.wmClass(of: float)?.className, "PictureInPicture")
            XCTAssertEqual(desktop.wmClass(of: float)?.instance, "PictureInPicture")
            XCTAssertEqual(desktop.role(of: float), "PictureInPicture")
            XCTAssertEqual(desktop.windowTypes(of: float).first, "_NET_WM_WINDOW_TYPE_UTILITY")
            XCTAssertEqual(desktop.motifHints(of: float)?.requestsNoDecorations, true)
            XCTAssertFalse(desktop.isDecorated(float), desktop.describe(float))
            let wanted: Set = ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR", "_NET_WM_STATE_SKIP_PAGER"]
            try eventually("the float's state has \(wanted): \(desktop.describe(float))", timeout: 5) {
                desktop.netWMState(of: float).isSuperset(of: wanted)
            }

            // Another application's window over the float's corner, raised and focused.
            let color = RGB(red: 200, green: 60, blue: 160)
            let other = try ProbeWindow(
                on: desktop.display, title: "Other Application", wmClass: ("other", "Other"),
                origin: DesktopPoint(x: frame.x - 200, y: frame.y - 150), size: (frame.width + 100, frame.height + 100),
                color: color)
            defer { other.destroy() }
            let otherWindow = other.window
            try eventually("the other window is managed and viewable", timeout: 5) {
                desktop.mapState(of: otherWindow) == .viewable && desktop.topLevelAncestor(of: otherWindow) != otherWindow
            }
            try desktop.focus(otherWindow)
            let otherRect = try XCTUnwrap(desktop.geometry(of: otherWindow))
            try eventually("the other window is drawn", timeout: 5) {
                try desktop.grab(DesktopRect(x: otherRect.x, y: otherRect.y, width: 40, height: 40))
                    .fraction(matching: color) > 0.9
            }
            XCTAssertTrue(
                otherRect.contains(DesktopPoint(x: frame.x + 10, y: frame.y + 10)),
                "the other window \(otherRect) covers the float's corner \(frame)")
            XCTAssertTrue(desktop.isStacked(float, above: otherWindow), "stacking: \(desktop.stackingOrder())")
            XCTAssertTrue(desktop.isDrawn(float, above: otherWindow))
            let floatPixels = try desktop.grab(frame)
            XCTAssertLessThan(
                floatPixels.fraction(matching: color), 0.01, "none of the other window shows through the float")
            try desktop.screenshot("1-above")
        }
    }
}
