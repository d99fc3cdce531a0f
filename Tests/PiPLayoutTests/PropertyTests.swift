import PiPLayout
import TestSupport
import XCTest

final class PropertyTests: XCTestCase {
    private let aspects = [16.0 / 9, 4.0 / 3, 9.0 / 16, 21.0 / 9, 1]

    /// One to three side-by-side displays of random sizes, some with panels.
    private func randomDisplays(_ random: inout PropertyRandom) -> [Display] {
        var displays: [Display] = []
        var x = 0.0
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let full = Rect(x: x, y: 0, width: random.double(800...3840), height: random.double(600...2160))
            let top: Double = random.pick([0, 0, 28, 48])
            let bottom: Double = random.pick([0, 0, 32, 64])
            let left: Double = random.pick([0, 0, 48])
            let usable = full.inset(by: Insets(top: top, left: left, bottom: bottom, right: 0))
            displays.append(Display(full: full, usable: usable))
            x = full.maxX
        }
        return displays
    }

    private func randomAnchor(_ random: inout PropertyRandom) -> Anchor {
        if random.double(0...1) < 0.7 {
            return .corner(random.pick(Corner.allCases))
        }
        return .stashed(random.pick(StashSide.allCases), heightFraction: random.double(0...1))
    }

    /// Whether `frame` is a valid resting frame on one of `displays`.
    private func isValidRest(_ frame: Rect, anchor: Anchor, displays: [Display]) -> Bool {
        let display = displays.owner(of: anchor.ownerPoint(of: frame))
        let area = MovementArea(display: display, windowSize: frame.size)
        switch anchor {
        case .corner:
            let inner = display.usable.inset(by: MovementArea.margin - 1e-6)
            return frame == area.frame(for: anchor) && inner.contains(frame)
        case .stashed(let side, _):
            let visible = side == .left ? frame.maxX - display.usable.minX : display.usable.maxX - frame.minX
            return abs(visible - StashRule.visibleWidth) < 1e-6 && area.origins.minY - 1e-6 <= frame.minY
                && frame.minY <= area.origins.maxY + 1e-6
        }
    }

    func testPropertyEveryReleaseEndsAtACornerOrAStash() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let displays = randomDisplays(&random)
            var motion = FloatMotion(displays: displays, videoAspect: random.pick(aspects), placement: nil)
            let span = displays.last!.full.maxX
            let start = motion.frame.center
            let end = Point(x: random.double(-400...(span + 400)), y: random.double(-400...2500))
            let duration = random.pick([0.05, 0.1, 0.3, 1])
            let drag = motion.drag(from: start, to: end, at: 0, duration: duration)
            if drag.effects.last == .dismissed {
                // Released on the dismiss target: the float is released, so it rests nowhere. It
                // was held centred on the target, lifted only as far as it takes to keep its
                // bottom on the usable area.
                let display = displays.owner(of: end)
                let target = DismissTarget(on: display)
                let frame = motion.frame
                XCTAssertEqual(frame.midX, target.center.x, accuracy: 1e-9, "case \(index)")
                XCTAssertLessThanOrEqual(frame.maxY, display.usable.maxY + 1e-9, "case \(index)")
                let centred = abs(frame.midY - target.center.y) < 1e-9
                let liftedToTheBottom = frame.midY < target.center.y && abs(frame.maxY - display.usable.maxY) < 1e-9
                XCTAssertTrue(centred || liftedToTheBottom, "case \(index): \(frame) for a target at \(target.center)")
                continue
            }
            _ = motion.tickUntilRest(from: drag.end + random.double(0...0.02), rate: random.pick([60, 144, 10]))
            XCTAssertFalse(motion.isAnimating, "case \(index)")
            guard isValidRest(motion.frame, anchor: motion.placement.anchor, displays: displays) else {
                return XCTFail("case \(index): \(motion.frame) is no valid rest for \(motion.placement) on \(displays)")
            }
        }
    }

    func testPropertyAFlingTowardACornerEndsThereFromAnyStart() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let display = randomDisplays(&random)[0]
            let size = FloatSizing.size(widthFraction: random.double(0.1...0.5), aspect: random.pick(aspects), usable: display.usable.size)
            let area = MovementArea(display: display, windowSize: size)
            let origin = Point(
                x: random.double(area.origins.minX...area.origins.maxX),
                y: random.double(area.origins.minY...area.origins.maxY))
            let corner = random.pick(Corner.allCases)
            // Fast enough along each axis that the glide ends past the middle toward the corner,
            // and never a sideways stash fling.
            let needX = max(corner.column == .left ? origin.x - area.origins.midX : area.origins.midX - origin.x, 0) + 1
            let needY = max(corner.row == .top ? origin.y - area.origins.midY : area.origins.midY - origin.y, 0) + 1
            let slowestX = needX * SnapRule.crossingSpeed / (area.origins.width / 2)
            let slowestY = needY * SnapRule.crossingSpeed / (area.origins.height / 2)
            let velocity = Vector(
                dx: random.double(slowestX...(StashRule.flingSpeed - 1)) * (corner.column == .left ? -1 : 1),
                dy: random.double(slowestY...8000) * (corner.row == .top ? -1 : 1))
            let target = SnapTarget.release(frame: Rect(origin: origin, size: size), velocity: velocity, displays: [display])
            XCTAssertEqual(target.anchor, .corner(corner), "case \(index): from \(origin) at \(velocity)")
            XCTAssertEqual(target.origin, area.origin(at: corner), "case \(index)")
        }
    }

    func testPropertyAZeroVelocityReleaseEndsAtTheNearestCorner() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let display = randomDisplays(&random)[0]
            let size = FloatSizing.size(widthFraction: random.double(0.1...0.5), aspect: random.pick(aspects), usable: display.usable.size)
            let area = MovementArea(display: display, windowSize: size)
            let origin = Point(
                x: random.double(area.origins.minX...area.origins.maxX),
                y: random.double(area.origins.minY...area.origins.maxY))
            let target = SnapTarget.release(frame: Rect(origin: origin, size: size), velocity: .zero, displays: [display])
            let nearest = Corner.allCases.map { area.origin(at: $0).distance(to: origin) }.min()!
            XCTAssertEqual(target.origin.distance(to: origin), nearest, accuracy: 1e-9, "case \(index): from \(origin)")
        }
    }

    func testPropertyTheSpringNeverOvershootsAndLandsExactlyWithin350Milliseconds() {
        var random = PropertyRandom.seeded(for: #function)
        let region = Rect(x: 0, y: 0, width: 3840, height: 2160)
        var slowest = 0.0
        for index in 0..<PropertyRandom.cases {
            let start = Point(x: random.double(region.minX...region.maxX), y: random.double(region.minY...region.maxY))
            let target = Point(x: random.double(region.minX...region.maxX), y: random.double(region.minY...region.maxY))
            // Away from the target at most so fast that the glide still ends on the target's half
            // of the region (faster would have chosen another target); toward it at any speed.
            let away = Vector(dx: start.x < target.x ? -1 : 1, dy: start.y < target.y ? -1 : 1)
            let awayX = max(1 - abs(start.x - target.x) / (region.width / 2), 0) * SnapRule.crossingSpeed
            let awayY = max(1 - abs(start.y - target.y) / (region.height / 2), 0) * SnapRule.crossingSpeed
            let velocity = Vector(
                dx: away.dx * random.double(-20000...awayX),
                dy: away.dy * random.double(-20000...awayY))
            var spring = Spring(from: start, velocity: velocity, to: target, configuration: .snap)
            let dt = random.pick([1.0 / 60, 1.0 / 144, 1.0 / 30, 0.1])
            var time = 0.0
            let sideX = (start.x - target.x).sign
            let sideY = (start.y - target.y).sign
            while !spring.isSettled, time < 2 {
                spring.advance(by: dt)
                time += dt
                let offset = spring.position - target
                if offset.dx != 0 && offset.dx.sign != sideX && start.x != target.x
                    || offset.dy != 0 && offset.dy.sign != sideY && start.y != target.y {
                    return XCTFail("case \(index): overshoot at \(spring.position) toward \(target)")
                }
            }
            XCTAssertEqual(spring.position, target, "case \(index)")
            if dt < 0.02 { slowest = max(slowest, time) }
        }
        print("slowest settle on a 3840x2160 area: \(Int((slowest * 1000).rounded())) ms")
        XCTAssertLessThanOrEqual(slowest, 0.35 + 1.0 / 60)
    }

    func testPropertyABoundsChangeNeverLeavesTheFloatOffScreen() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let before = randomDisplays(&random)
            let placement = Placement(anchor: randomAnchor(&random), widthFraction: random.double(0.05...1))
            var motion = FloatMotion(displays: before, videoAspect: random.pick(aspects), placement: placement)
            if random.double(0...1) < 0.5 {
                let drag = motion.drag(
                    from: motion.frame.center, to: Point(x: random.double(0...before.last!.full.maxX), y: random.double(0...2000)),
                    at: 0, duration: 0.2)
                _ = motion.send(.frameTicked(now: drag.end + random.double(0...0.5)))
            }
            let after = randomDisplays(&random)
            _ = motion.send(.displaysChanged(after))
            XCTAssertFalse(motion.isAnimating)
            guard isValidRest(motion.frame, anchor: motion.placement.anchor, displays: after) else {
                return XCTFail("case \(index): \(motion.frame) off-screen for \(motion.placement) on \(after)")
            }
            let size = motion.frame.size
            let owner = after.owner(of: motion.placement.anchor.ownerPoint(of: motion.frame))
            XCTAssertLessThanOrEqual(size.width, owner.usable.width / 2 + 1e-9, "case \(index)")
            XCTAssertLessThanOrEqual(size.height, owner.usable.height / 2 + 1e-9, "case \(index)")
        }
    }

    func testPropertyAResizeKeepsTheAnchoredCornerAndTheAspect() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let displays = randomDisplays(&random)
            let corner = random.pick(Corner.allCases)
            let aspect = random.pick(aspects)
            var motion = FloatMotion(
                displays: displays, videoAspect: aspect,
                placement: Placement(anchor: .corner(corner), widthFraction: random.double(0.1...0.5)))
            func anchorPoint(_ frame: Rect) -> Point {
                Point(x: corner.column == .left ? frame.minX : frame.maxX, y: corner.row == .top ? frame.minY : frame.maxY)
            }
            let before = anchorPoint(motion.frame)
            let steps = Int.random(in: -6...6, using: &random)
            _ = random.double(0...1) < 0.5 ? motion.send(.wheel(steps: steps)) : motion.send(.resizeKeyPressed(steps > 0 ? .grow : .shrink))
            let after = anchorPoint(motion.frame)
            XCTAssertEqual(after.x, before.x, accuracy: 1e-9, "case \(index)")
            XCTAssertEqual(after.y, before.y, accuracy: 1e-9, "case \(index)")
            XCTAssertEqual(motion.frame.width / motion.frame.height, aspect, accuracy: 1e-9, "case \(index)")
            let usable = displays[0].usable.size
            XCTAssertLessThanOrEqual(motion.frame.width, usable.width / 2 + 1e-9, "case \(index)")
            XCTAssertGreaterThanOrEqual(motion.frame.height, min(90, usable.height / 2) - 1e-9, "case \(index)")
        }
    }
}
