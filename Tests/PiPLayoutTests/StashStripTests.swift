import PiPLayout
import XCTest

/// The stashed float is a 32 px window fully on screen (SPEC P8), at any float size.
final class StashStripTests: XCTestCase {
    private func stashed(_ side: StashSide, widthFraction: Double = 0.25) -> FloatMotion {
        FloatMotion(
            displays: [panelledDisplay], videoAspect: 16.0 / 9,
            placement: Placement(anchor: .stashed(side, heightFraction: 0.25), widthFraction: widthFraction))
    }

    func testStripIsThirtyTwoPixelsOnScreenAtEverySize() {
        for fraction in [0.05, 0.25, 0.5] {
            for side in StashSide.allCases {
                let motion = stashed(side, widthFraction: fraction)
                guard let strip = motion.stashStrip else { return XCTFail("no strip for \(side) at \(fraction)") }
                XCTAssertEqual(motion.frame, strip.frame)
                XCTAssertEqual(strip.frame.width, 32, "\(side) at \(fraction)")
                XCTAssertEqual(strip.frame.height, motion.floatFrame.height)
                XCTAssertTrue(panelledDisplay.usable.contains(strip.frame), "\(strip.frame) on screen")
                XCTAssertEqual(side == .left ? strip.frame.minX : strip.frame.maxX, side == .left ? 0 : 1920)
                XCTAssertEqual(strip.floatFrame, motion.floatFrame)
            }
        }
    }

    func testSliceIsTheFloatsEdgeFacingTheScreen() {
        let left = stashed(.left).stashStrip
        XCTAssertEqual(left?.visibleSlice, Rect(x: 480 - 32, y: 0, width: 32, height: 270))
        let right = stashed(.right).stashStrip
        XCTAssertEqual(right?.visibleSlice, Rect(x: 0, y: 0, width: 32, height: 270))
    }

    func testStashingTurnsTheWindowIntoTheStripOnLanding() {
        var motion = FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 1900, y: 600), at: 0, duration: 0.6, rest: 0.1)
        XCTAssertFalse(drag.effects.contains { if case .stashStripChanged = $0 { true } else { false } }, "not yet")
        XCTAssertNil(motion.stashStrip)
        XCTAssertEqual(motion.frame.width, 480, "the whole float slides toward the edge")
        let rest = motion.tickUntilRest(from: drag.end)
        let strip = StashStrip(side: .right, floatFrame: motion.floatFrame, usable: panelledDisplay.usable)
        XCTAssertEqual(Array(rest.effects.suffix(2)), [.setFrame(strip.frame), .stashStripChanged(strip)])
        XCTAssertEqual(motion.frame, Rect(x: 1888, y: motion.floatFrame.minY, width: 32, height: 270))
    }

    func testAClickOnTheStripGrowsTheFloatBackAndUnstashes() {
        var motion = stashed(.left)
        let strip = Point(x: 16, y: motion.frame.midY)
        XCTAssertEqual(motion.send(.pointerPressed(strip, time: 0)), [], "a press alone keeps the strip")
        let effects = motion.send(.pointerReleased(strip, time: 0.05))
        XCTAssertTrue(effects.contains(.setFrame(Rect(x: 32 - 480, y: 198.5, width: 480, height: 270))), "\(effects)")
        XCTAssertTrue(effects.contains(.stashStripChanged(nil)))
        _ = motion.tickUntilRest(from: 0.05)
        XCTAssertEqual(motion.frame, Rect(x: 16, y: 16, width: 480, height: 270))
    }

    func testDraggingTheStripOutGrowsTheFloatUnderThePointer() {
        var motion = stashed(.right)
        let grab = Point(x: 1900, y: motion.frame.midY)
        _ = motion.send(.pointerPressed(grab, time: 0))
        let effects = motion.send(.pointerMoved(Point(x: 1800, y: grab.y), time: 0.05))
        let grown = Rect(x: 1888 - 100, y: 198.5, width: 480, height: 270)
        XCTAssertEqual(
            effects, [.setFrame(grown), .stashStripChanged(nil), .dismissTargetShown(DismissTarget(on: panelledDisplay))],
            "the grab point stays under the pointer")
        _ = motion.send(.pointerMoved(Point(x: 1000, y: 700), time: 0.6))
        _ = motion.send(.pointerReleased(Point(x: 1000, y: 700), time: 0.75))
        _ = motion.tickUntilRest(from: 0.75)
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomRight))
        XCTAssertNil(motion.stashStrip)
    }
}
