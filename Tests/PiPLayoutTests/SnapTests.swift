import PiPLayout
import XCTest

/// A 1920x1080 display with a 48 px panel at the bottom.
let panelledDisplay = Display(full: Rect(x: 0, y: 0, width: 1920, height: 1080), usable: Rect(x: 0, y: 0, width: 1920, height: 1032))
let quarterFloatSize = Size(width: 480, height: 270)

final class SnapTests: XCTestCase {
    private let area = MovementArea(display: panelledDisplay, windowSize: quarterFloatSize)

    func testMovementAreaIsUsableBoundsInsetByMarginLessWindowSize() {
        XCTAssertEqual(area.origins, Rect(x: 16, y: 16, width: 1408, height: 730))
        XCTAssertEqual(area.origin(at: .topLeft), Point(x: 16, y: 16))
        XCTAssertEqual(area.origin(at: .topRight), Point(x: 1424, y: 16))
        XCTAssertEqual(area.origin(at: .bottomLeft), Point(x: 16, y: 746))
        XCTAssertEqual(area.origin(at: .bottomRight), Point(x: 1424, y: 746))
    }

    func testMovementAreaCollapsesWhenTheWindowDoesNotFit() {
        let tiny = Display(full: Rect(x: 0, y: 0, width: 300, height: 200))
        let origins = MovementArea(display: tiny, windowSize: Size(width: 400, height: 100)).origins
        XCTAssertEqual(origins, Rect(x: -50, y: 16, width: 0, height: 68))
    }

    func testCornerTable() {
        // The origins span x 16...1424 and y 16...746: the middles are x 720 and y 381. A release
        // at 600 px/s glides half the area: 704 px across, 365 px down.
        let cases: [(origin: Point, velocity: Vector, expected: Corner, why: String)] = [
            (Point(x: 100, y: 100), .zero, .topLeft, "slow release near top-left"),
            (Point(x: 1300, y: 100), .zero, .topRight, "slow release near top-right"),
            (Point(x: 100, y: 700), .zero, .bottomLeft, "slow release near bottom-left"),
            (Point(x: 1300, y: 700), .zero, .bottomRight, "slow release near bottom-right"),
            (Point(x: 719, y: 380), .zero, .topLeft, "just left of and above the middle"),
            (Point(x: 100, y: 100), Vector(dx: 2000, dy: 1000), .bottomRight, "fling from the far side"),
            (Point(x: 1400, y: 740), Vector(dx: -900, dy: -900), .topLeft, "slow-end diagonal fling from a corner"),
            (Point(x: 1424, y: 746), Vector(dx: -610, dy: 0), .bottomLeft, "610 px/s glides past the middle"),
            (Point(x: 1424, y: 746), Vector(dx: -590, dy: 0), .bottomRight, "590 px/s glides short of it"),
            (Point(x: 1424, y: 746), Vector(dx: -2800, dy: -330), .bottomLeft, "sideways fling 7° off stays in its row"),
            (Point(x: 100, y: 100), Vector(dx: 3000, dy: 0), .topRight, "fast sideways keeps the row"),
            (Point(x: 1424, y: 746), .zero, .bottomRight, "already at the target"),
        ]
        for item in cases {
            XCTAssertEqual(
                SnapRule.corner(releaseOrigin: item.origin, velocity: item.velocity, area: area), item.expected, item.why)
        }
    }

    func testProjectionGlidesInProportionToSpeedAndArea() {
        let origin = Point(x: 10, y: 20)
        XCTAssertEqual(SnapRule.projected(origin, velocity: .zero, area: area), origin)
        let crossing = SnapRule.projected(origin, velocity: Vector(dx: 600, dy: -600), area: area)
        XCTAssertEqual(crossing.x, 10 + 704, accuracy: 1e-9, "600 px/s glides half the area's width")
        XCTAssertEqual(crossing.y, 20 - 365, accuracy: 1e-9, "and half its height")
        // No cliff: the glide grows in proportion to the speed, with no jump anywhere.
        var previous = 0.0
        for speed in stride(from: 0.0, through: 4000, by: 50) {
            let glide = SnapRule.projected(.zero, velocity: Vector(dx: speed, dy: 0), area: area).x
            XCTAssertEqual(glide - previous, speed == 0 ? 0 : 50 * 704 / 600, accuracy: 1e-6)
            previous = glide
        }
    }

    func testArrowKeysMoveToTheAdjacentCorner() {
        XCTAssertEqual(Corner.topLeft.moved(.right), .topRight)
        XCTAssertEqual(Corner.topLeft.moved(.down), .bottomLeft)
        XCTAssertEqual(Corner.topLeft.moved(.left), .topLeft)
        XCTAssertEqual(Corner.topLeft.moved(.up), .topLeft)
        XCTAssertEqual(Corner.bottomRight.moved(.left), .bottomLeft)
        XCTAssertEqual(Corner.bottomRight.moved(.up), .topRight)
        XCTAssertEqual(Corner.topRight.moved(.down), .bottomRight)
        XCTAssertEqual(Corner.bottomLeft.moved(.right), .bottomRight)
    }

    func testStashTable() {
        let frame = { (x: Double) in Rect(x: x, y: 300, width: 480, height: 270) }
        let cases: [(frame: Rect, velocity: Vector, expected: StashSide?, why: String)] = [
            (frame(-241), .zero, .left, "more than half off the left edge"),
            (frame(-240), .zero, nil, "exactly half off stays"),
            (frame(1681), .zero, .right, "more than half off the right edge"),
            (frame(600), Vector(dx: -3001, dy: 0), .left, "sideways fling left"),
            (frame(600), Vector(dx: 3001, dy: 500), .right, "sideways fling right"),
            (frame(600), Vector(dx: 3000, dy: 0), nil, "3000 px/s is not faster than 3000"),
            (frame(600), Vector(dx: 3500, dy: 4000), nil, "more vertical than sideways"),
            (frame(-300), Vector(dx: 900, dy: 0), nil, "off the edge but flung back in"),
            (frame(-300), Vector(dx: 52, dy: 0), nil, "its glide (60 px at 51 px/s) brings the centre back"),
            (frame(-300), Vector(dx: 50, dy: 0), .left, "off the edge, drifting in too slowly to come back"),
            (frame(-300), Vector(dx: -2800, dy: 0), .left, "off the edge and flung further out"),
            (frame(1500), Vector(dx: 2800, dy: 0), nil, "an ordinary sideways fling never stashes"),
        ]
        for item in cases {
            XCTAssertEqual(
                StashRule.side(frame: item.frame, velocity: item.velocity, display: panelledDisplay, displays: [panelledDisplay]),
                item.expected, item.why)
        }
    }

    func testNoFlingStashTowardAnEdgeSharedWithAnotherDisplay() {
        let right = Display(full: Rect(x: 1920, y: 0, width: 1920, height: 1080))
        let frame = Rect(x: 1000, y: 300, width: 480, height: 270)
        let fling = Vector(dx: 5000, dy: 0)
        XCTAssertNil(StashRule.side(frame: frame, velocity: fling, display: panelledDisplay, displays: [panelledDisplay, right]))
        XCTAssertEqual(
            StashRule.side(frame: frame, velocity: fling * -1, display: panelledDisplay, displays: [panelledDisplay, right]), .left)
    }

    func testStashTargetLeavesThirtyTwoPixelsVisibleAtTheReleaseHeight() {
        let left = SnapTarget.release(frame: Rect(x: -300, y: 400, width: 480, height: 270), velocity: .zero, displays: [panelledDisplay])
        XCTAssertEqual(left.frame.minX, 32 - 480)
        XCTAssertEqual(left.frame.minY, 400, accuracy: 1e-9)
        XCTAssertEqual(left.frame.size, Size(width: 480, height: 270))
        let right = SnapTarget.release(frame: Rect(x: 1800, y: 900, width: 480, height: 270), velocity: .zero, displays: [panelledDisplay])
        XCTAssertEqual(right.frame.origin, Point(x: 1920 - 32, y: 746), "height clamped into the area")
        guard case .stashed(.right, let fraction) = right.anchor else { return XCTFail("not stashed: \(right.anchor)") }
        XCTAssertEqual(fraction, 1)
    }

    func testUnstashGoesToTheNearestCornerOnThatSide() {
        let high = SnapTarget.unstash(frame: Rect(x: -448, y: 200, width: 480, height: 270), side: .left, displays: [panelledDisplay])
        XCTAssertEqual(high.anchor, .corner(.topLeft))
        XCTAssertEqual(high.origin, Point(x: 16, y: 16))
        let low = SnapTarget.unstash(frame: Rect(x: 1888, y: 600, width: 480, height: 270), side: .right, displays: [panelledDisplay])
        XCTAssertEqual(low.anchor, .corner(.bottomRight))
        XCTAssertEqual(low.origin, Point(x: 1424, y: 746))
    }

    func testReleaseOnASecondDisplaySnapsThere() {
        let right = Display(full: Rect(x: 1920, y: 0, width: 1280, height: 1024))
        let target = SnapTarget.release(
            frame: Rect(x: 2000, y: 700, width: 480, height: 270), velocity: .zero, displays: [panelledDisplay, right])
        XCTAssertEqual(target.anchor, .corner(.bottomLeft))
        XCTAssertEqual(target.origin, Point(x: 1936, y: 1024 - 16 - 270))
    }
}
