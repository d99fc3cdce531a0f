import Foundation
import TestSupport
import XCTest

/// The float's motion on a real desktop (SPEC P3, P6-P9, P11, P12): flings, slow releases,
/// stashing, resizing by wheel and keys, arrow keys and the tap that restores the full view.
///
/// Every test runs the real app on Xvfb + openbox with a 48 px bottom panel margin and drives
/// it with XTEST input; positions are read from X (the float's frame) and the app's stats.
final class FloatMotionE2ETests: DesktopTestCase {
    private let panel = EdgeInsets(bottom: 48)

    private func assertNear(_ actual: Int, _ expected: Int, _ what: String, line: UInt = #line) {
        XCTAssertLessThanOrEqual(
            abs(actual - expected), FloatingApp.tolerance, "\(what): \(actual), expected \(expected)", line: line)
    }

    /// The work area and the float's default size, once the float has opened at the bottom right.
    private func opened(_ floating: FloatingApp) throws -> (workArea: DesktopRect, size: (width: Int, height: Int)) {
        let workArea = try floating.workArea()
        let size = FloatingApp.defaultSize(in: workArea)
        try floating.waitForCorner(.bottomRight, size: size, "the float opens")
        return (workArea, size)
    }

    /// Presses the button with the pointer moved to `point` first, as a hand does.
    private func press(_ desktop: TestDesktop, at point: DesktopPoint) {
        desktop.moveMouse(to: point)
        Thread.sleep(forTimeInterval: TestDesktop.inputStepPause)
        desktop.press()
    }

    private func startFloating(video: (width: Int, height: Int) = (640, 360)) throws -> FloatingApp {
        let desktop = try startDesktop(windowManager: .openbox(margins: panel))
        return try FloatingApp.launch(in: self, on: desktop, video: video)
    }

    func testFlingTowardEachCornerEndsAtThatCorner() throws {
        let floating = try startFloating()
        try floating.run {
            let workArea = try floating.workArea()
            XCTAssertEqual(workArea.maxY, floating.desktop.screen.maxY - 48, "the panel margin shrinks the work area")
            let size = FloatingApp.defaultSize(in: workArea)
            try floating.waitForCorner(.bottomRight, size: size, "the float opens")

            // Each fling is short and released on the far side of the middle from its target:
            // only the release velocity can carry the float there. Diagonal, at about 1400-1800
            // px/s per axis: a fling (over 800 px/s) on both axes, never a sideways stash fling.
            let flings: [(corner: FloatCorner, dx: Int, dy: Int)] = [
                (.topLeft, -180, -180), (.topRight, 140, -140), (.bottomLeft, -180, 180), (.bottomRight, 180, 180),
            ]
            for fling in flings {
                let seen = floating.snapTargets().count
                let releaseCenter = try floating.center().offsetBy(fling.dx, fling.dy)
                try floating.fling(by: fling.dx, fling.dy)
                try floating.waitForSnapTarget(fling.corner, after: seen)
                let frame = try floating.waitForCorner(fling.corner, size: size, "a fling released at \(releaseCenter)")
                XCTAssertTrue(workArea.insetBy(FloatingApp.margin).contains(frame), "\(frame) rests inside \(workArea)")
                try floating.desktop.screenshot("fling-\(fling.corner)")
            }
        }
    }

    func testSlowReleaseLeftOfCentreGoesToNearestLeftCorner() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let (workArea, size) = try opened(floating)

            // Sweep left past the centre, come back right to just left of it, rest, release:
            // the last move was a fast one to the right, but after the rest only the place counts.
            let start = try floating.center()
            let centre = workArea.center
            let release = DesktopPoint(x: centre.x - 10, y: centre.y + 120)
            let seen = floating.snapTargets().count
            press(desktop, at: start)
            Thread.sleep(forTimeInterval: TestDesktop.inputStepPause)
            desktop.movePaced(from: start, to: release.offsetBy(-250, 0), duration: 0.3, steps: 15)
            desktop.movePaced(from: release.offsetBy(-250, 0), to: release, duration: 0.1, steps: 8)
            let held = try eventuallyValue("the float follows the pointer to \(release)") { () -> DesktopRect? in
                guard let frame = floating.frame, abs(frame.center.x - release.x) <= 2,
                    abs(frame.center.y - release.y) <= 2
                else { return nil }
                return frame
            }
            try desktop.screenshot("held-left-of-centre")
            Thread.sleep(forTimeInterval: 0.2)  // the rest before release: longer than the 100 ms velocity window
            desktop.release()

            XCTAssertLessThan(held.center.x, centre.x, "released left of the work area's centre")
            XCTAssertGreaterThan(held.center.y, centre.y, "released below the work area's centre")
            try floating.waitForSnapTarget(.bottomLeft, after: seen)
            try floating.waitForCorner(.bottomLeft, size: size, "a slow release at \(held.center)")
            try desktop.screenshot("settled-bottom-left")
        }
    }

    /// A pointer moved by warping (xdotool, remote desktops) sends no raw device events, so
    /// SDL's cached global pointer stays at the press point: the held float must follow the
    /// server's motion events alone and stay under the resting pointer, not jump back.
    func testAWarpedPointerDragsTheFloatAndItStaysUnderTheRestingPointer() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let (workArea, size) = try opened(floating)
            let start = try floating.center()
            let rest = DesktopPoint(x: workArea.center.x - 200, y: workArea.center.y + 100)
            press(desktop, at: start)
            defer { desktop.releaseHeldButtons() }
            for i in 1...30 {
                desktop.warpMouse(to: DesktopPoint(x: start.x + (rest.x - start.x) * i / 30, y: start.y + (rest.y - start.y) * i / 30))
                Thread.sleep(forTimeInterval: 0.02)
            }
            func underPointer() -> Bool {
                guard let frame = floating.frame else { return false }
                return abs(frame.center.x - rest.x) <= 2 && abs(frame.center.y - rest.y) <= 2
            }
            try eventually("the float follows the warped pointer to \(rest): \(String(describing: floating.frame))") { underPointer() }
            // Held still for half a second, through many ticks of the loop: it stays put.
            let heldUntil = Date().addingTimeInterval(0.5)
            while Date() < heldUntil {
                XCTAssertTrue(underPointer(), "the held float stays under the pointer at \(rest): \(String(describing: floating.frame))")
                Thread.sleep(forTimeInterval: 0.05)
            }
            try desktop.screenshot("warped-drag-held")
            let seen = floating.snapTargets().count
            desktop.release()
            try floating.waitForSnapTarget(.bottomLeft, after: seen)
            try floating.waitForCorner(.bottomLeft, size: size, "released at rest at \(rest)")
        }
    }

    func testReleaseMostlyOffTheRightEdgeStashesAndClickBringsItBack() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let workArea = try floating.workArea()
            try floating.waitForCorner(.bottomRight, size: FloatingApp.defaultSize(in: workArea), "the float opens")

            // openbox keeps a tenth of an application-moved window on screen, more than 32 px for
            // floats wider than 320 px: shrink the float below that first.
            let size = FloatingApp.defaultSize(in: workArea, steps: -5)
            XCTAssertLessThanOrEqual(size.width, 320)
            desktop.scroll(-5, at: DesktopPoint(x: workArea.maxX - 50, y: workArea.maxY - 50))
            let opened = try floating.waitForCorner(.bottomRight, size: size, "five wheel steps down")

            // Grab near the float's left edge and carry it to the screen's right edge, so that
            // most of it lies off screen; rest, then release.
            let grab = DesktopPoint(x: opened.minX + 20, y: opened.center.y)
            let seen = floating.snapTargets().count
            desktop.drag(
                from: grab, to: DesktopPoint(x: desktop.screen.maxX - 20, y: grab.y), duration: 0.3, steps: 15,
                ending: .holdThenRelease(0.2))
            try eventually("a snap_target event for a right stash: \(floating.snapTargets())") {
                floating.snapTargets().count > seen && floating.snapTargets().last?.contains("stashed") == true
            }
            let stashed = try floating.waitForFrame(
                DesktopRect(x: workArea.maxX - 32, y: opened.minY, width: 32, height: size.height),
                "the float stashes at the right edge as a 32 px strip")
            assertNear(workArea.maxX - stashed.minX, 32, "visible strip width")
            let strip = DesktopRect(x: stashed.minX, y: stashed.minY, width: 32, height: stashed.height)
            let stripImage = try desktop.grab(strip)
            XCTAssertLessThan(stripImage.darkFraction(), 0.5, "the visible strip shows the video")
            try desktop.screenshot("stashed-right")

            // A click on the visible strip brings it back to the nearest right corner.
            let back = floating.snapTargets().count
            desktop.click(at: strip.center)
            try floating.waitForSnapTarget(.bottomRight, after: back)
            try floating.waitForCorner(.bottomRight, size: size, "a click on the stash strip")
            XCTAssertEqual(desktop.mapState(of: floating.float), .viewable, "a click on the strip does not restore")
            try desktop.screenshot("unstashed")
        }
    }

    func testWheelStepResizesByTenPercentKeepingTheCorner() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let workArea = try floating.workArea()
            let size = FloatingApp.defaultSize(in: workArea)
            let opened = try floating.waitForCorner(.bottomRight, size: size, "the float opens")

            let larger = FloatingApp.defaultSize(in: workArea, steps: 1)
            desktop.scroll(1, at: opened.center)
            let grown = try floating.waitForCorner(.bottomRight, size: larger, "one wheel step up")
            assertNear(workArea.maxX - grown.maxX, 16, "right edge 16 px from the work area")
            assertNear(workArea.maxY - grown.maxY, 16, "bottom edge 16 px from the work area")
            try desktop.screenshot("wheel-up")

            desktop.scroll(-1, at: grown.center)
            let shrunk = try floating.waitForCorner(.bottomRight, size: size, "one wheel step down")
            assertNear(workArea.maxX - shrunk.maxX, 16, "right edge 16 px from the work area")
            assertNear(workArea.maxY - shrunk.maxY, 16, "bottom edge 16 px from the work area")
        }
    }

    func testPlusAndMinusKeysResizeKeepingTheCorner() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let (workArea, size) = try opened(floating)
            try floating.focusFloat()
            desktop.key(.up)
            desktop.key(.left)
            try floating.waitForCorner(.topLeft, size: size, "Up then Left")

            let larger = FloatingApp.defaultSize(in: workArea, steps: 1)
            desktop.key(.plus)
            let grown = try floating.waitForCorner(.topLeft, size: larger, "the + key")
            assertNear(grown.minX - workArea.minX, 16, "left edge 16 px from the work area")
            assertNear(grown.minY - workArea.minY, 16, "top edge 16 px from the work area")
            try desktop.screenshot("plus-top-left")

            desktop.key(.minus)
            try floating.waitForCorner(.topLeft, size: size, "the - key")
        }
    }

    func testArrowKeysMoveToTheAdjacentCorner() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let (_, size) = try opened(floating)
            try floating.focusFloat()

            let steps: [(key: Key, corner: FloatCorner)] = [
                (.left, .bottomLeft), (.up, .topLeft), (.right, .topRight), (.down, .bottomRight),
            ]
            for step in steps {
                let seen = floating.snapTargets().count
                desktop.key(step.key)
                try floating.waitForSnapTarget(step.corner, after: seen)
                try floating.waitForCorner(step.corner, size: size, "the \(step.key) arrow key")
            }
            try desktop.screenshot("arrows-back-bottom-right")
        }
    }

    func testTapRestoresTheFullView() throws {
        let floating = try startFloating()
        try floating.run {
            let desktop = floating.desktop
            let size = FloatingApp.defaultSize(in: try floating.workArea())
            let opened = try floating.waitForCorner(.bottomRight, size: size, "the float opens")
            try eventually("the float presents frames") {
                !floating.stats.events(named: "frame", matching: ["window": "float"]).isEmpty
            }

            desktop.click(at: opened.center)
            try desktop.waitUntilGone(.id(floating.float), timeout: 5)
            let main = try desktop.waitForWindow(.title("FloatApp"), visibility: .viewable, timeout: 5)
            let hidden = try eventuallyValue("a float_hidden event") {
                floating.stats.events(named: "float_hidden").last
            }
            try eventually("the main window presents the room's frames after the tap", timeout: 5) {
                floating.stats.events(named: "frame", matching: ["window": "main", "room": floating.roomID])
                    .contains { $0.time > hidden.time }
            }
            let mainImage = try desktop.grab(window: main)
            XCTAssertLessThan(mainImage.darkFraction(), 0.9, "the main window shows a picture")
            XCTAssertTrue(floating.app.isRunning)
            try desktop.screenshot("restored")
        }
    }

    func testDefaultSizeFollowsTheVideoAndNeverShrinksBelowTheMinimum() throws {
        let video = (width: 480, height: 360)
        let floating = try startFloating(video: video)
        try floating.run {
            let desktop = floating.desktop
            let workArea = try floating.workArea()
            let size = FloatingApp.defaultSize(in: workArea, video: video)
            let opened = try floating.waitForCorner(.bottomRight, size: size, "the float opens at 25% of the width")
            try desktop.screenshot("default-4x3")

            // Near the fixed bottom-right corner the pointer stays over the shrinking float.
            desktop.scroll(-15, at: DesktopPoint(x: opened.maxX - 30, y: opened.maxY - 30))
            let smallest = (width: 160, height: 120)
            let shrunk = try floating.waitForCorner(.bottomRight, size: smallest, "fifteen wheel steps down")
            try desktop.screenshot("smallest")
            XCTAssertGreaterThanOrEqual(shrunk.width, 160)
            XCTAssertGreaterThanOrEqual(shrunk.height, 90)
            let moves = floating.stats.events(named: "float_move")
            XCTAssertFalse(moves.isEmpty, "the resize steps are reported")
            for move in moves {
                let width = Int(move.fields["w"] ?? "") ?? 0
                let height = Int(move.fields["h"] ?? "") ?? 0
                XCTAssertTrue(width >= 160 && height >= 90, "float_move to \(width)x\(height) is under 160x90")
            }
        }
    }
}
