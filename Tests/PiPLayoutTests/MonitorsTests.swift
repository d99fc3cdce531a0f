import PiPLayout
import XCTest

/// A 1920x1080 monitor with a 48 px bottom panel beside a 1280x1024 one, top-aligned: the strip
/// below the smaller one (x 1920-3200, y 1024-1080) is in no monitor.
let wideLeft = panelledDisplay
let smallRight = Display(full: Rect(x: 1920, y: 0, width: 1280, height: 1024))
let twoMonitors = [wideLeft, smallRight]

/// SPEC P7 and P8 on several monitors: the projected point picks the monitor, then its corner;
/// stashes only at outer edges; the float opens on the main window's monitor.
final class MonitorsTests: XCTestCase {
    private let size = quarterFloatSize

    /// The frame of a float of `size` resting at `corner` of `display`.
    private func rest(_ corner: Corner, on display: Display) -> Rect {
        MovementArea(display: display, windowSize: size).frame(for: .corner(corner))
    }

    func testReleaseTable() {
        // Left movement area: x 16...1424, y 16...746 (middle 720, 381); right: x 1936...2704,
        // y 16...738 (middle 2320, 377). 600 px/s glides half the release monitor's area; a
        // float carried over glides on from where it enters, in the new monitor's proportions.
        let at = { (x: Double, y: Double) in Rect(origin: Point(x: x, y: y), size: self.size) }
        let cases: [(frame: Rect, velocity: Vector, anchor: Anchor, display: Display, why: String)] = [
            (at(1300, 700), .zero, .corner(.bottomRight), wideLeft, "slow release left of the shared edge"),
            (at(1700, 100), .zero, .corner(.topLeft), smallRight, "slow release with the centre just over it"),
            (at(1679, 100), .zero, .corner(.topRight), wideLeft, "centre 1919: still the left monitor"),
            (at(2600, 700), .zero, .corner(.bottomRight), smallRight, "slow release on the right monitor"),
            (at(3000, 700), .zero, .stashed(.right, heightFraction: (700.0 - 16) / 722), smallRight,
             "more than half off the outer right edge stashes"),
            (at(1600, 850), .zero, .corner(.bottomRight), wideLeft, "centre in the dead zone below the right monitor"),
            (at(1800, 850), .zero, .corner(.bottomLeft), smallRight, "dead zone nearer the right monitor"),
            (at(1424, 746), Vector(dx: 900, dy: 0), .corner(.bottomRight), smallRight,
             "a fling from the right corner carries it over, to the far column of its row"),
            (at(1424, 746), Vector(dx: 300, dy: 0), .corner(.bottomLeft), smallRight,
             "a gentle one from there reaches the near column"),
            (at(1424, 16), Vector(dx: 200, dy: 0), .corner(.topRight), wideLeft, "a push that stays short of the edge"),
            (at(16, 746), Vector(dx: 2400, dy: 0), .corner(.bottomRight), wideLeft,
             "from the far corner the hardest fling stops at the near corner"),
            (at(16, 746), Vector(dx: 5000, dy: 0), .corner(.bottomRight), wideLeft,
             "a stash-fast fling toward the shared edge does not stash, nor cross from the far half"),
            (at(1424, 746), Vector(dx: 5000, dy: 0), .corner(.bottomRight), smallRight,
             "from the near half it crosses, and never stashes at the shared edge"),
            (at(1424, 746), Vector(dx: -5000, dy: 0), .stashed(.left, heightFraction: 1), wideLeft,
             "toward the outer left edge it stashes"),
            (at(1936, 16), Vector(dx: -900, dy: 900), .corner(.bottomLeft), wideLeft,
             "a diagonal fling back onto the wide monitor glides on there to its far corner"),
            (at(2704, 16), Vector(dx: -2400, dy: 0), .corner(.topLeft), smallRight,
             "from the right monitor's far corner it stays on that monitor"),
            (at(1936, 300), Vector(dx: -5000, dy: 0), .corner(.topLeft), wideLeft,
             "hard fling at the shared edge from the right carries over, no stash"),
            (at(2704, 738), Vector(dx: 5000, dy: 0), .stashed(.right, heightFraction: 1), smallRight,
             "the right monitor's outer edge stashes"),
        ]
        for item in cases {
            let target = SnapTarget.release(frame: item.frame, velocity: item.velocity, displays: twoMonitors)
            let owner = twoMonitors.owner(of: target.anchor.ownerPoint(of: target.frame))
            XCTAssertEqual(target.anchor, item.anchor, item.why)
            XCTAssertEqual(owner, item.display, item.why)
            XCTAssertEqual(target.frame, MovementArea(display: owner, windowSize: size).frame(for: target.anchor), item.why)
        }
    }

    func testAFlingCarriesTheFloatOneMonitorAtATime() {
        let third = Display(full: Rect(x: 3200, y: 0, width: 1920, height: 1080))
        let displays = twoMonitors + [third]
        let target = SnapTarget.release(
            frame: rest(.bottomRight, on: wideLeft), velocity: Vector(dx: 2400, dy: 0), displays: displays)
        XCTAssertEqual(displays.owner(of: target.frame.center), smallRight, "the glide ends on the third; the float stops on the second")
        XCTAssertEqual(target.anchor, .corner(.bottomRight))
    }

    func testVerticallyStackedMonitorsCarryAFlingDownOnlyFromTheLowerHalf() {
        let below = Display(full: Rect(x: 0, y: 1080, width: 1920, height: 1080))
        let displays = [wideLeft, below]
        let low = SnapTarget.release(frame: rest(.bottomLeft, on: wideLeft), velocity: Vector(dx: 0, dy: 1500), displays: displays)
        XCTAssertEqual(displays.owner(of: low.frame.center), below)
        XCTAssertEqual(low.anchor, .corner(.bottomLeft))
        let high = SnapTarget.release(frame: rest(.topLeft, on: wideLeft), velocity: Vector(dx: 0, dy: 2400), displays: displays)
        XCTAssertEqual(displays.owner(of: high.frame.center), wideLeft)
        XCTAssertEqual(high.anchor, .corner(.bottomLeft))
    }

    func testOuterEdgeTable() {
        let float = { (y: Double) in Rect(x: 0, y: y, width: 480, height: 270) }
        let cases: [(side: StashSide, display: Display, frame: Rect, outer: Bool, why: String)] = [
            (.left, wideLeft, float(300), true, "nothing left of the left monitor"),
            (.right, wideLeft, float(300), false, "the right monitor is level with the float"),
            (.right, wideLeft, float(1024), true, "beside the dead zone only"),
            (.right, wideLeft, float(900), false, "partly level with the right monitor"),
            (.left, smallRight, float(300), false, "the shared edge seen from the right"),
            (.right, smallRight, float(300), true, "the desktop's right edge"),
        ]
        for item in cases {
            XCTAssertEqual(twoMonitors.isOuterEdge(item.side, of: item.display, besideFrame: item.frame), item.outer, item.why)
        }
    }

    func testDraggedMoreThanHalfOverTheSharedEdgeSettlesOnTheNeighbourNotAStash() {
        var motion = FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil)
        let start = motion.frame.center
        let drag = motion.drag(from: start, to: start + Vector(dx: 400, dy: -200), at: 0, duration: 1, rest: 0.3)
        _ = motion.tickUntilRest(from: drag.end)
        XCTAssertEqual(motion.placement.anchor, .corner(.bottomLeft))
        XCTAssertEqual(motion.frame, MovementArea(display: smallRight, windowSize: motion.frame.size).frame(for: .corner(.bottomLeft)))
        XCTAssertEqual(motion.placement.widthFraction, motion.frame.width / 1280, accuracy: 1e-9,
                       "the size is kept in pixels and remembered as a share of the monitor it landed on")
    }

    func testTheFloatOpensOnTheMonitorOfTheMainWindow() {
        let onRight = FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil, home: Point(x: 2500, y: 500))
        XCTAssertEqual(onRight.frame, Placement.initial.frame(on: smallRight, aspect: 16.0 / 9))
        let inDeadZone = FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil, home: Point(x: 3000, y: 1070))
        XCTAssertEqual(inDeadZone.frame, Placement.initial.frame(on: smallRight, aspect: 16.0 / 9), "nearest monitor")
        let unknown = FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil)
        XCTAssertEqual(unknown.frame, Placement.initial.frame(on: wideLeft, aspect: 16.0 / 9), "the primary one")
    }

    func testTheDismissTargetIsOnTheMonitorUnderThePointer() {
        var motion = FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil)
        let start = motion.frame.center
        _ = motion.send(.pointerPressed(start, time: 0))
        _ = motion.send(.pointerMoved(Point(x: 1700, y: 600), time: 0.1))
        XCTAssertEqual(motion.dismissTarget, DismissTarget(on: wideLeft))
        _ = motion.send(.pointerMoved(Point(x: 2100, y: 600), time: 0.2))
        XCTAssertEqual(motion.dismissTarget?.center, DismissTarget(on: smallRight).center)
    }

    func testSegmentEntryTable() {
        let box = Rect(x: 100, y: 0, width: 100, height: 100)
        let cases: [(from: Point, to: Point, entry: Double?, why: String)] = [
            (Point(x: 0, y: 50), Point(x: 200, y: 50), 0.5, "enters halfway"),
            (Point(x: 150, y: 50), Point(x: 400, y: 50), 0, "starts inside"),
            (Point(x: 0, y: 150), Point(x: 400, y: 150), nil, "passes below"),
            (Point(x: 0, y: 50), Point(x: 50, y: 50), nil, "stops short"),
            (Point(x: 150, y: -100), Point(x: 150, y: 100), 0.5, "vertical"),
        ]
        for item in cases {
            XCTAssertEqual(box.entry(from: item.from, to: item.to), item.entry, item.why)
        }
    }
}
