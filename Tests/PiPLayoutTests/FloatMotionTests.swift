import PiPLayout
import XCTest

final class FloatMotionTests: XCTestCase {
    private func makeMotion(_ placement: Placement? = nil) -> FloatMotion {
        FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: placement)
    }

    func testFirstTimeAtBottomRightWithAQuarterOfTheWidth() {
        let motion = makeMotion()
        XCTAssertEqual(motion.frame, Rect(x: 1424, y: 746, width: 480, height: 270))
        XCTAssertEqual(motion.placement, Placement(anchor: .corner(.bottomRight), widthFraction: 0.25))
        XCTAssertFalse(motion.isAnimating)
    }

    func testRememberedPlacementIsRestored() {
        let motion = makeMotion(Placement(anchor: .corner(.topLeft), widthFraction: 0.3))
        XCTAssertEqual(motion.frame, Rect(x: 16, y: 16, width: 576, height: 324))
        let stashed = makeMotion(Placement(anchor: .stashed(.left, heightFraction: 0.5), widthFraction: 0.25))
        XCTAssertEqual(stashed.floatFrame, Rect(x: 32 - 480, y: 16 + 365, width: 480, height: 270))
        XCTAssertEqual(stashed.frame, Rect(x: 0, y: 16 + 365, width: 32, height: 270), "the window is the strip")
    }

    func testEmptyDisplayListUsesTheFallback() {
        let motion = FloatMotion(displays: [], videoAspect: 16.0 / 9, placement: nil)
        XCTAssertEqual(motion.displays, [.fallback])
        XCTAssertEqual(motion.frame, Rect(x: 1920 - 16 - 480, y: 1080 - 16 - 270, width: 480, height: 270))
    }

    func testDragFollowsThePointerOneToOneKeepingTheGrabOffset() {
        var motion = makeMotion()
        XCTAssertEqual(motion.send(.pointerPressed(Point(x: 1500, y: 800), time: 0)), [])
        XCTAssertEqual(motion.send(.pointerMoved(Point(x: 1497, y: 800), time: 0.01)), [], "within the slop")
        XCTAssertEqual(
            motion.send(.pointerMoved(Point(x: 1490, y: 790), time: 0.02)),
            [.setFrame(Rect(x: 1414, y: 736, width: 480, height: 270))])
        XCTAssertEqual(
            motion.send(.pointerMoved(Point(x: -100, y: 2000), time: 0.03)),
            [.setFrame(Rect(x: -176, y: 1946, width: 480, height: 270)), .dismissTargetShown(DismissTarget(on: panelledDisplay))],
            "partly off-screen is allowed; more than 40 px from the press shows the dismiss target")
        XCTAssertFalse(motion.isAnimating)
    }

    func testSlowReleaseSnapsToTheNearestCornerWithASpring() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        let releaseFrame = Rect(x: 324, y: 246, width: 480, height: 270)
        let target = SnapTarget(anchor: .corner(.topLeft), frame: Rect(x: 16, y: 16, width: 480, height: 270))
        XCTAssertEqual(Array(drag.effects.suffix(2)), [
            .snapTargetChosen(target),
            .placementChanged(Placement(anchor: .corner(.topLeft), widthFraction: 0.25)),
        ])
        XCTAssertEqual(motion.frame, releaseFrame)
        XCTAssertTrue(motion.isAnimating)
        let rest = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.frame, target.frame)
        XCTAssertFalse(motion.isAnimating)
        XCTAssertLessThanOrEqual(rest.time - drag.end, 0.35)
        XCTAssertEqual(rest.effects.last, .setFrame(target.frame))
    }

    func testFlingFromTheFarSideGoesToTheFlungCorner() {
        var motion = makeMotion(Placement(anchor: .corner(.topLeft), widthFraction: 0.25))
        // A quick 200 px throw toward the bottom-right, starting from the top-left corner.
        let drag = motion.drag(from: Point(x: 100, y: 100), to: Point(x: 260, y: 220), at: 0, duration: 0.1)
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomRight))
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.frame.origin, Point(x: 1424, y: 746))
    }

    func testDraggingHalfOffTheEdgeStashesAndAClickBringsItBack() {
        var motion = makeMotion(Placement(anchor: .corner(.topLeft), widthFraction: 0.25))
        let drag = motion.drag(from: Point(x: 100, y: 100), to: Point(x: -200, y: 400), at: 0, duration: 0.6)
        _ = motion.tickUntilRest(from: drag.end + 0.2)
        guard case .stashed(.left, _) = motion.placement.anchor else { return XCTFail("\(motion.placement)") }
        XCTAssertEqual(motion.frame.maxX, 32)
        // Released at y 316 moving down at 500 px/s: the glide adds 500/600 of half the area's
        // 730 px height.
        XCTAssertEqual(motion.frame.minY, 316 + 365 * 500 / 600, accuracy: 1e-9)

        let strip = Point(x: 16, y: motion.frame.midY)
        _ = motion.send(.pointerPressed(strip, time: 10))
        let effects = motion.send(.pointerReleased(strip, time: 10.05))
        XCTAssertFalse(effects.contains(.tapped), "a click on a stash unstashes instead of restoring")
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomLeft))
        _ = motion.tickUntilRest(from: 10.05)
        XCTAssertEqual(motion.frame.origin, Point(x: 16, y: 746))
    }

    func testSidewaysFlingFasterThan3000Stashes() {
        var motion = makeMotion(Placement(anchor: .corner(.topLeft), widthFraction: 0.25))
        let drag = motion.drag(from: Point(x: 100, y: 100), to: Point(x: 500, y: 120), at: 0, duration: 0.1)
        XCTAssertEqual(motion.placement.anchor.nearestCorner, .topRight)
        guard case .stashed(.right, _) = motion.placement.anchor else { return XCTFail("\(motion.placement)") }
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.frame.minX, 1920 - 32)
    }

    func testReleasedBackAtItsCornerAfterRestingDoesNotAnimate() {
        var motion = makeMotion()
        let before = motion.frame
        _ = motion.send(.pointerPressed(Point(x: 1500, y: 800), time: 0))
        _ = motion.send(.pointerMoved(Point(x: 1400, y: 700), time: 0.1))
        _ = motion.send(.pointerMoved(Point(x: 1500, y: 800), time: 0.2))
        let target = SnapTarget(anchor: .corner(.bottomRight), frame: before)
        XCTAssertEqual(
            motion.send(.pointerReleased(Point(x: 1500, y: 800), time: 0.5)), [.dismissTargetHidden, .snapTargetChosen(target)])
        XCTAssertFalse(motion.isAnimating)
        XCTAssertEqual(motion.frame, before)
    }

    func testAClickWithoutDragReportsTappedAndDoesNotMove() {
        var motion = makeMotion()
        let before = motion.frame
        _ = motion.send(.pointerPressed(Point(x: 1600, y: 900), time: 0))
        _ = motion.send(.pointerMoved(Point(x: 1603, y: 902), time: 0.02))
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 1603, y: 902), time: 0.05)), [.tapped])
        XCTAssertEqual(motion.frame, before)
        XCTAssertFalse(motion.isAnimating)
    }

    func testAPressDuringTheAnimationCatchesTheWindowWhereItIs() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        _ = motion.send(.frameTicked(now: drag.end + 1.0 / 60))
        let seen = motion.frame
        let effects = motion.send(.pointerPressed(Point(x: seen.midX, y: seen.midY), time: drag.end + 1.5 / 60))
        guard case .setFrame(let caught)? = effects.first else { return XCTFail("the window was not caught: \(effects)") }
        XCTAssertLessThan(caught.minX, seen.minX, "advanced to the press time")
        XCTAssertGreaterThan(caught.minX, 16)
        XCTAssertFalse(motion.isAnimating)
        XCTAssertEqual(motion.send(.frameTicked(now: drag.end + 0.1)), [], "held windows do not move")
        // Dragging it on from there keeps the grab offset.
        let grab = Point(x: seen.midX, y: seen.midY) - caught.origin
        let moved = motion.send(.pointerMoved(Point(x: 1000, y: 700), time: drag.end + 0.2))
        XCTAssertEqual(moved.first, .setFrame(caught.with(origin: Point(x: 1000, y: 700) - grab)))
    }

    func testAClickThatCatchesTheAnimationRestoresAndLetsItLand() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        _ = motion.send(.frameTicked(now: drag.end + 1.0 / 60))
        let click = motion.frame.center
        _ = motion.send(.pointerPressed(click, time: drag.end + 0.02))
        XCTAssertEqual(motion.send(.pointerReleased(click, time: drag.end + 0.05)), [.tapped])
        XCTAssertTrue(motion.isAnimating)
        _ = motion.tickUntilRest(from: drag.end + 0.05)
        XCTAssertEqual(motion.frame.origin, Point(x: 16, y: 16))
    }

    func testLargeFrameHitchesStillLandExactly() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        _ = motion.send(.frameTicked(now: drag.end + 0.1))
        _ = motion.send(.frameTicked(now: drag.end + 0.2))
        _ = motion.send(.frameTicked(now: drag.end + 0.19))
        _ = motion.send(.frameTicked(now: drag.end + 0.6))
        XCTAssertFalse(motion.isAnimating)
        XCTAssertEqual(motion.frame.origin, Point(x: 16, y: 16))
    }

    func testArrowKeysMoveToTheAdjacentCorner() {
        var motion = makeMotion()
        let effects = motion.send(.arrowKeyPressed(.up))
        let target = SnapTarget(anchor: .corner(.topRight), frame: Rect(x: 1424, y: 16, width: 480, height: 270))
        XCTAssertEqual(effects, [
            .snapTargetChosen(target),
            .placementChanged(Placement(anchor: .corner(.topRight), widthFraction: 0.25)),
        ])
        XCTAssertEqual(motion.send(.frameTicked(now: 100)), [], "the first tick starts the clock")
        _ = motion.tickUntilRest(from: 100)
        XCTAssertEqual(motion.frame, target.frame)
        XCTAssertEqual(motion.send(.arrowKeyPressed(.right)), [], "already on the right")
        _ = motion.send(.arrowKeyPressed(.left))
        _ = motion.tickUntilRest(from: 200)
        XCTAssertEqual(motion.frame.origin, Point(x: 16, y: 16))
    }

    func testArrowKeyOnAStashUnstashes() {
        var motion = makeMotion(Placement(anchor: .stashed(.right, heightFraction: 0.9), widthFraction: 0.25))
        _ = motion.send(.arrowKeyPressed(.up))
        _ = motion.tickUntilRest(from: 0)
        XCTAssertEqual(motion.placement.anchor, .corner(.topRight))
        XCTAssertEqual(motion.frame.origin, Point(x: 1424, y: 16))
    }

    func testWheelResizesKeepingTheCornerAndPersistsTheSize() {
        var motion = makeMotion()
        let effects = motion.send(.wheel(steps: 1))
        let grown = Rect(x: 1904 - 528, y: 1016 - 297, width: 528, height: 297)
        XCTAssertEqual(effects, [.setFrame(grown), .placementChanged(Placement(anchor: .corner(.bottomRight), widthFraction: 0.275))])
        XCTAssertEqual(motion.send(.resizeKeyPressed(.shrink)).first, .setFrame(Rect(x: 1424, y: 746, width: 480, height: 270)))
        XCTAssertEqual(motion.placement.widthFraction, 0.25, accuracy: 1e-12)
        XCTAssertEqual(motion.send(.wheel(steps: 0)), [])
    }

    func testResizeIsIgnoredWhileHeld() {
        var motion = makeMotion()
        _ = motion.send(.pointerPressed(Point(x: 1500, y: 800), time: 0))
        XCTAssertEqual(motion.send(.wheel(steps: 2)), [])
        XCTAssertEqual(motion.send(.arrowKeyPressed(.up)), [])
    }

    func testResizeOfAStashKeepsItStashed() {
        var motion = makeMotion(Placement(anchor: .stashed(.left, heightFraction: 0), widthFraction: 0.25))
        _ = motion.send(.wheel(steps: 2))
        XCTAssertEqual(motion.floatFrame.maxX, 32)
        XCTAssertEqual(motion.floatFrame.minY, 16)
        XCTAssertEqual(motion.floatFrame.width, 480 * 1.21, accuracy: 1e-9)
        XCTAssertEqual(motion.frame, Rect(x: 0, y: 16, width: 32, height: motion.floatFrame.height), "the window stays the strip")
    }

    func testResizeDuringTheAnimationRetargetsTheSpring() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 400, y: 300), at: 0, duration: 0.5)
        _ = motion.send(.frameTicked(now: drag.end + 1.0 / 60))
        _ = motion.send(.wheel(steps: -1))
        _ = motion.tickUntilRest(from: drag.end + 1.0 / 60)
        XCTAssertEqual(motion.frame.origin, Point(x: 16, y: 16))
        XCTAssertEqual(motion.frame.width, 480 / 1.1, accuracy: 1e-9)
    }

    func testNewAspectKeepsTheCornerAndWidth() {
        var motion = makeMotion()
        let effects = motion.send(.videoAspectChanged(4.0 / 3))
        XCTAssertEqual(effects, [.setFrame(Rect(x: 1424, y: 1016 - 360, width: 480, height: 360))])
        XCTAssertEqual(motion.send(.videoAspectChanged(4.0 / 3)), [])
    }

    func testPointerEventsWithoutAPressAreIgnored() {
        var motion = makeMotion()
        XCTAssertEqual(motion.send(.pointerMoved(Point(x: 5, y: 5), time: 0)), [])
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 5, y: 5), time: 0)), [])
        XCTAssertEqual(motion.send(.frameTicked(now: 1)), [])
    }

    func testReleasedOnASmallerDisplayShrinksToItsLimitAroundTheCentre() {
        let big = Display(full: Rect(x: 0, y: 0, width: 3840, height: 2160))
        let small = Display(full: Rect(x: 3840, y: 0, width: 1280, height: 720))
        var motion = FloatMotion(displays: [big, small], videoAspect: 16.0 / 9, placement: nil)
        XCTAssertEqual(motion.frame.size, Size(width: 960, height: 540))
        let drag = motion.drag(from: motion.frame.center, to: Point(x: 3900, y: 400), at: 0, duration: 2)
        XCTAssertEqual(motion.frame, Rect(x: 3900 - 320, y: 400 - 180, width: 640, height: 360))
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.frame, Rect(x: 3856, y: 16, width: 640, height: 360))
        XCTAssertEqual(motion.placement, Placement(anchor: .corner(.topLeft), widthFraction: 0.5))
    }

    func testFullSequenceAcrossTwoDisplays() {
        let right = Display(full: Rect(x: 1920, y: 0, width: 2560, height: 1440))
        var motion = FloatMotion(displays: [panelledDisplay, right], videoAspect: 16.0 / 9, placement: nil)
        let drag = motion.drag(from: Point(x: 1600, y: 900), to: Point(x: 2500, y: 300), at: 0, duration: 2, rest: 0.1)
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.placement.anchor, .corner(.topLeft))
        XCTAssertEqual(motion.frame.origin, Point(x: 1936, y: 16))
        XCTAssertEqual(motion.frame.size, Size(width: 480, height: 270), "dragging keeps the pixel size")
        XCTAssertEqual(motion.placement.widthFraction, 480.0 / 2560)
        XCTAssertEqual(motion.send(.displaysChanged([panelledDisplay, right])), [], "the stored fraction matches the frame")
    }
}
