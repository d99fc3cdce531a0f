import PiPLayout
import XCTest

/// The dismiss target (SPEC P19): where it sits, when it shows, the magnet, release and Esc.
final class DismissTargetTests: XCTestCase {
    /// On the 1920x1032 usable area: centred, 48 px gap under an 80 px circle.
    private let target = DismissTarget(on: panelledDisplay)

    private func makeMotion() -> FloatMotion {
        FloatMotion(displays: [panelledDisplay], videoAspect: 16.0 / 9, placement: nil)
    }

    /// A float at its first corner, grabbed at its centre and moved through `moves` (point, time).
    private func dragged(through moves: [(Point, Double)]) -> FloatMotion {
        var motion = makeMotion()
        _ = motion.send(.pointerPressed(Point(x: 1664, y: 881), time: 0))
        for (point, time) in moves {
            _ = motion.send(.pointerMoved(point, time: time))
        }
        return motion
    }

    func testSitsAtTheBottomCentreOfTheWorkArea() {
        XCTAssertEqual(target.center, Point(x: 960, y: 1032 - 48 - 40))
        XCTAssertEqual(target.frame, Rect(x: 920, y: 904, width: 80, height: 80))
        let offset = Display(
            full: Rect(x: 1920, y: 0, width: 1280, height: 1024), usable: Rect(x: 1920, y: 30, width: 1280, height: 994))
        XCTAssertEqual(DismissTarget(on: offset).center, Point(x: 2560, y: 1024 - 88))
    }

    func testMagnetReachesOneAndAQuarterRadii() {
        let cases: [(Point, Bool, String)] = [
            (target.center, true, "on the centre"),
            (Point(x: 960 + 50, y: 944), true, "exactly 1.25 radii right"),
            (Point(x: 960, y: 944 - 50.01), false, "just beyond 1.25 radii above"),
            (Point(x: 960 + 30, y: 944 + 40), true, "50 px diagonally"),
            (Point(x: 960 + 36, y: 944 + 36), false, "51 px diagonally"),
        ]
        for (point, pulls, why) in cases {
            XCTAssertEqual(target.pulls(floatCenter: point), pulls, why)
        }
    }

    func testPulledFrameIsCentredOnTheTargetSlightlySmallerAndStaysAboveThePanel() {
        XCTAssertEqual(
            target.pulledFrame(for: Size(width: 480, height: 270)),
            Rect(x: 960 - 204, y: 1032 - 229.5, width: 408, height: 229.5),
            "centred it would end 26.75 px over the panel at 1032: lifted to sit on it")
        XCTAssertEqual(
            target.pulledFrame(for: Size(width: 200, height: 100)),
            Rect(x: 960 - 85, y: 944 - 42.5, width: 170, height: 85), "a small float fits centred")
        let pulled = target.pulledFrame(for: Size(width: 480, height: 270))
        XCTAssertTrue(pulled.contains(target.frame), "the lifted float still covers the whole target")
    }

    func testShowsAfter250MillisecondsOr40Pixels() {
        let cases: [(Double, Double, Bool)] = [
            (0.1, 10, false), (0.25, 40, false), (0.251, 0, true), (0, 40.1, true), (0.3, 100, true),
        ]
        for (duration, distance, shows) in cases {
            XCTAssertEqual(DismissTarget.shows(afterDragOf: duration, distance: distance), shows, "\(duration) s, \(distance) px")
        }
    }

    func testASlowShortDragShowsTheTargetOnlyAfter250Milliseconds() {
        var motion = makeMotion()
        _ = motion.send(.pointerPressed(Point(x: 1600, y: 900), time: 0))
        XCTAssertFalse(motion.send(.pointerMoved(Point(x: 1590, y: 900), time: 0.05)).contains(.dismissTargetShown(target)))
        XCTAssertFalse(motion.send(.pointerMoved(Point(x: 1585, y: 900), time: 0.29)).contains(.dismissTargetShown(target)))
        XCTAssertNil(motion.dismissTarget)
        XCTAssertTrue(motion.send(.pointerMoved(Point(x: 1580, y: 900), time: 0.31)).contains(.dismissTargetShown(target)))
        XCTAssertEqual(motion.dismissTarget, target)
    }

    func testDraggingOntoTheTargetPullsTheFloatAndAwayLetsGo() {
        var motion = dragged(through: [(Point(x: 1300, y: 900), 0.1)])
        let pulled = motion.send(.pointerMoved(Point(x: 990, y: 950), time: 0.2))
        let onTarget = DismissTarget(on: panelledDisplay, isPulling: true)
        XCTAssertEqual(pulled, [.setFrame(onTarget.pulledFrame(for: Size(width: 480, height: 270))), .dismissTargetChanged(onTarget)])
        XCTAssertEqual(motion.send(.pointerMoved(Point(x: 995, y: 950), time: 0.21)), [], "held by the magnet")
        let away = motion.send(.pointerMoved(Point(x: 1100, y: 900), time: 0.3))
        XCTAssertEqual(away, [.setFrame(Rect(x: 1100 - 240, y: 900 - 135, width: 480, height: 270)), .dismissTargetChanged(target)])
        _ = motion.send(.pointerMoved(Point(x: 1300, y: 700), time: 0.4))
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 1300, y: 700), time: 0.5)).first, .dismissTargetHidden)
        XCTAssertNil(motion.dismissTarget)
    }

    func testReleasingOnTheTargetDismissesTheFloatAndKeepsItsPlacement() {
        var motion = dragged(through: [(Point(x: 1300, y: 900), 0.1), (Point(x: 970, y: 940), 0.2)])
        let placement = makeMotion().placement
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 970, y: 940), time: 0.3)), [.dismissTargetHidden, .dismissed])
        XCTAssertEqual(motion.placement, placement, "the next float opens where this one rested")
        XCTAssertFalse(motion.isAnimating)
        XCTAssertNil(motion.dismissTarget)
    }

    func testAFlingPassingOverTheTargetGoesOnToItsCorner() {
        XCTAssertTrue(DismissTarget.dismisses(releaseVelocity: Vector(dx: 300, dy: -399)))
        XCTAssertFalse(DismissTarget.dismisses(releaseVelocity: Vector(dx: 300, dy: -400)), "500 px/s passes")
        // Dragged from the bottom-right corner leftward at 1200 px/s, released over the target.
        var motion = makeMotion()
        _ = motion.send(.pointerPressed(Point(x: 1664, y: 881), time: 0))
        var effects: [FloatMotion.Effect] = []
        var point = Point(x: 1664, y: 881)
        for step in 1...73 {
            let time = Double(step) * 0.008
            point = Point(x: 1664 - 1200 * time, y: 881 + 63 * Double(step) / 73)
            effects = motion.send(.pointerMoved(point, time: time))
        }
        XCTAssertEqual(motion.dismissTarget?.isPulling, true, "pulled on the way: \(effects)")
        let released = motion.send(.pointerReleased(point, time: 73 * 0.008 + 0.004))
        XCTAssertFalse(released.contains(.dismissed))
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomLeft))
    }

    func testEscDuringADragReturnsToTheCornerItCameFrom() {
        let corner = makeMotion().frame
        var motion = dragged(through: [(Point(x: 700, y: 300), 0.2)])
        let effects = motion.send(.cancelKeyPressed)
        XCTAssertEqual(Array(effects.prefix(2)), [.dismissTargetHidden, .snapTargetChosen(SnapTarget(anchor: .corner(.bottomRight), frame: corner))])
        XCTAssertTrue(motion.isAnimating)
        XCTAssertEqual(motion.send(.pointerMoved(Point(x: 200, y: 200), time: 0.25)), [], "the rest of the press is ignored")
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 200, y: 200), time: 0.3)), [], "no fling, no tap")
        _ = motion.tickUntilRest(from: 1)
        XCTAssertEqual(motion.frame, corner)
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomRight))
    }

    func testEscWithoutADragIsLeftToTheShell() {
        var motion = makeMotion()
        XCTAssertEqual(motion.send(.cancelKeyPressed), [], "resting")
        _ = motion.send(.pointerPressed(Point(x: 1664, y: 881), time: 0))
        XCTAssertEqual(motion.send(.cancelKeyPressed), [], "pressed within the slop")
        XCTAssertEqual(motion.send(.pointerReleased(Point(x: 1664, y: 881), time: 0.1)), [.tapped], "the click still counts")
    }

    func testEscCaughtDuringAStashSlideReturnsToTheStash() {
        var motion = makeMotion()
        let drag = motion.drag(from: Point(x: 1500, y: 800), to: Point(x: 1900, y: 600), at: 0, duration: 0.6, rest: 0.1)
        _ = motion.send(.frameTicked(now: drag.end + 0.02))
        _ = motion.send(.pointerPressed(motion.frame.center, time: drag.end + 0.03))
        _ = motion.send(.pointerMoved(Point(x: 900, y: 500), time: drag.end + 0.1))
        _ = motion.send(.cancelKeyPressed)
        _ = motion.tickUntilRest(from: drag.end + 1)
        XCTAssertNotNil(motion.stashStrip, "back behind the right edge")
        XCTAssertEqual(motion.frame.minX, 1888)
    }
}

/// The target shows on time while the drag is held still, and a polled pointer feeds no velocity.
final class HeldDragTests: XCTestCase {
    private let display = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080))

    private func dragged() -> FloatMotion {
        var m = FloatMotion(displays: [display], videoAspect: 16.0 / 9, placement: nil)
        let grab = m.frame.center
        _ = m.send(.pointerPressed(grab, time: 1))
        _ = m.send(.pointerMoved(grab + Vector(dx: -10, dy: 0), time: 1.01))
        return m
    }

    func testATickShowsTheTargetOnceTheDragHasGoneOnLongEnough() {
        var m = dragged()
        XCTAssertTrue(m.isDragging)
        XCTAssertEqual(m.send(.frameTicked(now: 1.2)), [], "10 px and 190 ms: not yet")
        XCTAssertEqual(m.send(.frameTicked(now: 1.27)), [.dismissTargetShown(DismissTarget(on: display))])
        XCTAssertEqual(m.send(.frameTicked(now: 1.3)), [], "shown once")
    }

    func testAPolledPointerMovesTheFloatButAddsNoVelocity() {
        var plain = dragged(), polled = dragged()
        let start = polled.frame
        let jump = polled.send(.pointerPolled(start.center + Vector(dx: -300, dy: 0), now: 1.015))
        XCTAssertEqual(jump.first, .setFrame(start.offset(by: Vector(dx: -300, dy: 0))))
        // Released where the last event was: the poll's 300 px jump must not fling the float.
        let release = FloatMotion.Action.pointerReleased(start.center, time: 1.02)
        let chosen = { (effects: [FloatMotion.Effect]) in
            effects.compactMap { if case .snapTargetChosen(let t) = $0 { t.anchor } else { nil } }
        }
        XCTAssertEqual(chosen(polled.send(release)), chosen(plain.send(release)))
    }

    func testAPollWithinTheSlopStartsNoDrag() {
        var m = FloatMotion(displays: [display], videoAspect: 16.0 / 9, placement: nil)
        _ = m.send(.pointerPressed(m.frame.center, time: 1))
        XCTAssertEqual(m.send(.pointerPolled(m.frame.center + Vector(dx: 100, dy: 0), now: 1.1)), [])
        XCTAssertFalse(m.isDragging)
    }
}
