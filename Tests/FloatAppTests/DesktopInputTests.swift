import CX11
import Foundation
import TestSupport
import XCTest

/// XTEST input reaches real clients, with the timing the test asked for.
final class DesktopInputTests: DesktopTestCase {
    private func makeProbe(on desktop: TestDesktop) throws -> ProbeWindow {
        let probe = try ProbeWindow(
            on: desktop.display, title: "Input Probe", wmClass: ("input", "InputProbe"),
            origin: DesktopPoint(x: 100, y: 100), size: (1200, 600), color: RGB(red: 30, green: 160, blue: 60),
            motif: MotifHints(flags: 2, functions: 0, decorations: 0))
        let window = try desktop.waitForWindow(.title("Input Probe"))
        try eventually("openbox focuses the probe where it asked to be: \(desktop.describe(window))") {
            desktop.activeWindow() == window
                && desktop.geometry(of: window) == DesktopRect(x: 100, y: 100, width: 1200, height: 600)
        }
        let inside = DesktopPoint(x: 150, y: 150)
        desktop.moveMouse(to: inside)
        try probe.waitForEvent("pointer motion to \(inside)") {
            if case .motion(inside, _) = $0 { true } else { false }
        }
        probe.clearEvents()
        return probe
    }

    func testClicksKeysAndWheelArrive() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let probe = try makeProbe(on: desktop)
        let target = DesktopPoint(x: 420, y: 333)

        desktop.click(at: target)
        try probe.waitForEvent("a left press at \(target)") { $0.isPress(of: 1, at: target) }
        try probe.waitForEvent("a left release") { if case .buttonRelease(1, target, _) = $0 { true } else { false } }
        try eventually("clicking focuses the probe") { desktop.activeWindow() == probe.window }

        desktop.key(.escape)
        try probe.waitForEvent("Escape") { $0 == .keyPress(keysym: KeySym(XK_Escape), state: 0) }
        desktop.key(.w, modifiers: [.control])
        try probe.waitForEvent("Ctrl+W") { $0 == .keyPress(keysym: KeySym(XK_w), state: UInt32(ControlMask)) }
        desktop.key(.plus)
        try probe.waitForEvent("Shift+equal for plus") {
            $0 == .keyPress(keysym: KeySym(XK_equal), state: UInt32(ShiftMask))
        }
        desktop.key(.returnKey)
        try probe.waitForEvent("Return") { $0 == .keyPress(keysym: KeySym(XK_Return), state: 0) }

        desktop.scroll(2)
        desktop.scroll(-1)
        try eventually("two wheel-up and one wheel-down presses") {
            probe.drainEvents()
            return probe.events.filter { $0.isPress(of: 4, at: target) }.count == 2
                && probe.events.filter { $0.isPress(of: 5, at: target) }.count == 1
        }
    }

    func testRelativeMotionMovesFromCurrentPosition() throws {
        let desktop = try startDesktop(windowManager: .none)

        desktop.moveMouse(to: DesktopPoint(x: 500, y: 400))
        XCTAssertEqual(desktop.pointerPosition(), DesktopPoint(x: 500, y: 400))
        desktop.moveMouse(by: 25, -10)
        XCTAssertEqual(desktop.pointerPosition(), DesktopPoint(x: 525, y: 390))
    }

    func testDragIsPacedByTheClock() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let probe = try makeProbe(on: desktop)
        let start = DesktopPoint(x: 200, y: 300)
        let end = DesktopPoint(x: 1000, y: 340)

        desktop.drag(from: start, to: end, duration: 0.5, steps: 20, ending: .holdThenRelease(0.15))

        let gesture = try probe.gesture(endingAt: end)
        XCTAssertGreaterThanOrEqual(gesture.motions.count, 20)
        XCTAssertEqual(gesture.motions.last?.point, end)
        let moveSeconds = Double(gesture.motions.last!.time - gesture.pressTime) / 1000
        XCTAssertEqual(moveSeconds, 0.5, accuracy: 0.08, "the move should take the asked duration")
        let speed = Double(end.x - start.x) / moveSeconds
        XCTAssertEqual(speed, 1600, accuracy: 250, "pixels per second along x")
        let hold = Double(gesture.releaseTime - gesture.motions.last!.time) / 1000
        XCTAssertGreaterThanOrEqual(hold, 0.14, "the pointer rests before a slow release")
    }

    func testFlingReleasesWhileMoving() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: .zero))
        let probe = try makeProbe(on: desktop)
        let end = DesktopPoint(x: 1200, y: 600)

        desktop.fling(from: DesktopPoint(x: 400, y: 300), to: end, duration: 0.1, steps: 8)

        let gesture = try probe.gesture(endingAt: end)
        XCTAssertGreaterThanOrEqual(gesture.motions.count, 8)
        let moveSeconds = Double(gesture.motions.last!.time - gesture.pressTime) / 1000
        XCTAssertEqual(moveSeconds, 0.1, accuracy: 0.05)
        let afterLastMotion = Double(gesture.releaseTime - gesture.motions.last!.time) / 1000
        XCTAssertLessThanOrEqual(afterLastMotion, 0.06, "a fling lets go while moving")
    }
}

/// A press, the motions after it and the release, as the probe saw them.
private struct Gesture {
    var pressTime: UInt
    var motions: [(point: DesktopPoint, time: UInt)]
    var releaseTime: UInt
}

extension ProbeWindow.Event {
    /// Whether this is a press of `button` at `point`.
    func isPress(of button: UInt32, at point: DesktopPoint) -> Bool {
        if case .buttonPress(button, point, _) = self { true } else { false }
    }
}

extension ProbeWindow {
    /// Waits for a left release at `end` and returns the gesture that led to it.
    fileprivate func gesture(endingAt end: DesktopPoint) throws -> Gesture {
        try waitForEvent("a left release at \(end)") {
            if case .buttonRelease(1, end, _) = $0 { true } else { false }
        }
        var pressTime: UInt?
        var motions: [(point: DesktopPoint, time: UInt)] = []
        for event in events {
            switch event {
            case .buttonPress(1, _, let time):
                pressTime = time
                motions = []
            case .motion(let point, let time) where pressTime != nil:
                motions.append((point, time))
            case .buttonRelease(1, _, let time):
                guard let pressTime else { break }
                return Gesture(pressTime: pressTime, motions: motions, releaseTime: time)
            default:
                break
            }
        }
        throw HarnessError("no complete press-move-release in \(events)")
    }
}
