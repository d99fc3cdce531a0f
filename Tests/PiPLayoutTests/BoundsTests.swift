import PiPLayout
import XCTest

final class BoundsTests: XCTestCase {
    private let wide = Display(full: Rect(x: 0, y: 0, width: 2560, height: 1440))

    func testResolutionChangeKeepsTheCornerAndTheWidthFraction() {
        var motion = FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
        let effects = motion.send(.displaysChanged([wide]))
        XCTAssertEqual(effects, [.setFrame(Rect(x: 2560 - 16 - 640, y: 1440 - 16 - 360, width: 640, height: 360))])
        XCTAssertEqual(motion.placement.widthFraction, 0.25)
    }

    func testPanelAddedMovesTheFloatOutOfIt() {
        var motion = FloatMotion(displays: [wide], videoAspect: 16.0 / 9, placement: nil)
        let panel = Display(full: wide.full, usable: Rect(x: 0, y: 0, width: 2560, height: 1380))
        _ = motion.send(.displaysChanged([panel]))
        XCTAssertEqual(motion.frame.maxY, 1380 - 16)
        XCTAssertEqual(motion.frame.maxX, 2560 - 16)
    }

    func testUnpluggedDisplayMovesTheFloatToTheNearestRemainingOne() {
        let right = Display(full: Rect(x: 1920, y: 0, width: 2560, height: 1440))
        var motion = FloatMotion(
            displays: [panelledDisplay, right], videoAspect: 16.0 / 9,
            placement: Placement(anchor: .corner(.topLeft), widthFraction: 0.25))
        let drag = motion.drag(from: Point(x: 100, y: 100), to: Point(x: 3000, y: 1200), at: 0, duration: 1)
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertTrue(right.usable.contains(motion.frame))
        _ = motion.send(.displaysChanged([panelledDisplay]))
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomRight))
        XCTAssertTrue(panelledDisplay.usable.inset(by: 16).contains(motion.frame))
        XCTAssertEqual(motion.frame.maxX, 1904)
    }

    func testStashKeepsItsSideAndHeightFraction() {
        var motion = FloatMotion(
            displays: [wide], videoAspect: 16.0 / 9,
            placement: Placement(anchor: .stashed(.right, heightFraction: 0.5), widthFraction: 0.25))
        _ = motion.send(.displaysChanged([panelledDisplay]))
        XCTAssertEqual(motion.floatFrame, Rect(x: 1920 - 32, y: 16 + 365, width: 480, height: 270))
        XCTAssertEqual(motion.frame, Rect(x: 1920 - 32, y: 16 + 365, width: 32, height: 270))
    }

    func testBoundsChangeDuringAnAnimationJumpsToTheNewRestingPlace() {
        var motion = FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        _ = motion.send(.frameTicked(now: drag.end + 0.02))
        _ = motion.send(.displaysChanged([wide]))
        XCTAssertFalse(motion.isAnimating)
        XCTAssertEqual(motion.frame, Rect(x: 16, y: 16, width: 640, height: 360))
    }

    func testBoundsChangeWhileHeldWaitsForTheRelease() {
        var motion = FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
        _ = motion.send(.pointerPressed(Point(x: 1500, y: 800), time: 0))
        _ = motion.send(.pointerMoved(Point(x: 1400, y: 700), time: 0.1))
        XCTAssertEqual(motion.send(.displaysChanged([wide])), [])
        _ = motion.send(.pointerReleased(Point(x: 1400, y: 700), time: 0.3))
        _ = motion.tickUntilRest(from: 0.3)
        XCTAssertTrue(wide.usable.inset(by: 16).contains(motion.frame))
    }

    func testEmptyDisplayListIsIgnored() {
        var motion = FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
        XCTAssertEqual(motion.send(.displaysChanged([])), [])
        XCTAssertEqual(motion.displays, [panelledDisplay])
    }
}
