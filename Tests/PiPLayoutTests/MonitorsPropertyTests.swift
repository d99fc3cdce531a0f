import PiPLayout
import TestSupport
import XCTest

/// Properties of releases over random desktops of two and three monitors of different sizes,
/// panels and alignments (dead zones where they differ in height or width).
final class MonitorsPropertyTests: XCTestCase {
    private let aspects = [16.0 / 9, 4.0 / 3, 9.0 / 16, 21.0 / 9, 1]

    /// Two or three monitors, each right of the previous one (top edges apart by up to 3/4 of
    /// the shorter height) or, one time in four, below it; none overlapping another.
    private func randomLayout(_ random: inout PropertyRandom) -> [Display] {
        while true {
            let displays = randomRow(&random)
            let overlap = displays.indices.contains { i in
                displays.indices.contains { j in
                    let a = displays[i].full, b = displays[j].full
                    return i < j && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
                }
            }
            if !overlap { return displays }
        }
    }

    private func randomRow(_ random: inout PropertyRandom) -> [Display] {
        var displays: [Display] = []
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            let width = random.double(800...3840), height = random.double(600...2160)
            var origin = Point(x: 0, y: 0)
            if let previous = displays.last?.full {
                let reach = 0.75 * min(previous.height, height)
                origin = random.double(0...1) < 0.75
                    ? Point(x: previous.maxX, y: previous.minY + random.double(-reach...reach))
                    : Point(x: previous.minX + random.double(-0.5...0.5) * min(previous.width, width), y: previous.maxY)
            }
            let full = Rect(origin: origin, size: Size(width: width, height: height))
            let insets = Insets(
                top: random.pick([0, 0, 28, 48]), left: random.pick([0, 0, 48]), bottom: random.pick([0, 0, 32, 64]),
                right: 0)
            displays.append(Display(full: full, usable: full.inset(by: insets)))
        }
        return displays
    }

    /// Whether any monitor covers a point just beyond the `side` edge of `display`, level with
    /// the inside of `frame` (sampled every 4 px): the edge is shared there.
    private func isShared(_ side: StashSide, of display: Display, beside frame: Rect, in displays: [Display]) -> Bool {
        let x = side == .left ? display.full.minX - 0.5 : display.full.maxX + 0.5
        return stride(from: frame.minY + 0.5, to: frame.maxY, by: 4).contains { y in
            displays.contains { $0 != display && $0.full.contains(Point(x: x, y: y)) }
        }
    }

    /// The monitor under `point`, else the nearest one (computed here, apart from the product).
    private func monitor(under point: Point, in displays: [Display]) -> Display {
        displays.first { $0.full.contains(point) }
            ?? displays.min { $0.full.distance(to: point) < $1.full.distance(to: point) }!
    }

    /// Checks a resting float: at a corner of some monitor's movement area, or stashed at an
    /// outer edge with the strip on screen. Answers a failure description or nil.
    private func problem(with frame: Rect, anchor: Anchor, displays: [Display]) -> String? {
        switch anchor {
        case .corner(let corner):
            let home = displays.first { MovementArea(display: $0, windowSize: frame.size).frame(for: anchor) == frame }
            return home == nil ? "\(frame) is at no monitor's \(corner)" : nil
        case .stashed(let side, _):
            guard let display = displays.first(where: { MovementArea(display: $0, windowSize: frame.size).frame(for: anchor) == frame })
            else { return "\(frame) is stashed at no monitor's \(side) edge" }
            return isShared(side, of: display, beside: frame, in: displays) ? "\(frame) stashed at a shared \(side) edge" : nil
        }
    }

    func testPropertyEveryReleaseEndsAtACornerOrAnOuterStash() {
        var random = PropertyRandom.seeded(for: #function)
        var carried = 0, stashed = 0
        for index in 0..<PropertyRandom.cases {
            let displays = randomLayout(&random)
            let home = displays[Int.random(in: 0..<displays.count, using: &random)]
            var motion = FloatMotion(
                displays: displays, videoAspect: random.pick(aspects), placement: nil, home: home.full.center)
            let union = displays.dropFirst().reduce(displays[0].full) { union, display in
                Rect(x: min(union.minX, display.full.minX), y: min(union.minY, display.full.minY),
                     width: max(union.maxX, display.full.maxX) - min(union.minX, display.full.minX),
                     height: max(union.maxY, display.full.maxY) - min(union.minY, display.full.minY))
            }
            let start = motion.frame.center
            let end = Point(x: random.double((union.minX - 400)...(union.maxX + 400)),
                            y: random.double((union.minY - 400)...(union.maxY + 400)))
            let drag = motion.drag(from: start, to: end, at: 0, duration: random.pick([0.05, 0.1, 0.3, 1]))
            if drag.effects.last == .dismissed { continue }
            _ = motion.tickUntilRest(from: drag.end + 0.01)
            XCTAssertFalse(motion.isAnimating, "case \(index)")
            if let problem = problem(with: motion.floatFrame, anchor: motion.placement.anchor, displays: displays) {
                return XCTFail("case \(index): \(problem) on \(displays) after a drag to \(end)")
            }
            if case .stashed = motion.placement.anchor { stashed += 1 }
            if monitor(under: motion.floatFrame.center, in: displays) != monitor(under: end, in: displays) { carried += 1 }
        }
        print("\(#function): \(stashed) stashes, \(carried) releases carried to another monitor than the pointer's")
        XCTAssertGreaterThan(stashed, 0, "the cases reach the outer edges")
    }

    func testPropertyASlowReleaseGoesToTheNearestCornerOfTheMonitorUnderTheCentre() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let displays = randomLayout(&random)
            let aspect = random.pick(aspects)
            var motion = FloatMotion(displays: displays, videoAspect: aspect, placement: nil)
            let target = random.pick(displays)
            // Anywhere in a monitor, its panels included, or up to 200 px beyond it.
            let end = Point(x: random.double((target.full.minX - 200)...(target.full.maxX + 200)),
                            y: random.double((target.full.minY - 200)...(target.full.maxY + 200)))
            let drag = motion.drag(from: motion.frame.center, to: end, at: 0, duration: 1, rest: 0.3)
            if drag.effects.last == .dismissed { continue }
            _ = motion.tickUntilRest(from: drag.end + 0.01)
            let under = monitor(under: end, in: displays)
            let frame = motion.floatFrame
            if case .stashed(let side, _) = motion.placement.anchor {
                XCTAssertFalse(isShared(side, of: under, beside: frame, in: displays), "case \(index): stashed \(side) at \(frame) at a shared edge of \(under), released centred at \(end) on \(displays)")
                let beyond = side == .left ? end.x < under.usable.minX : end.x > under.usable.maxX
                XCTAssertTrue(beyond, "case \(index): stashed with the centre at \(end) inside \(under.usable)")
                continue
            }
            let area = MovementArea(display: under, windowSize: frame.size)
            let released = Point(x: end.x - frame.width / 2, y: end.y - frame.height / 2)
            let nearest = Corner.allCases.min { area.origin(at: $0).distance(to: released) < area.origin(at: $1).distance(to: released) }!
            XCTAssertEqual(motion.placement.anchor, .corner(nearest), "case \(index): released centred at \(end) on \(displays)")
            XCTAssertEqual(frame, area.frame(for: .corner(nearest)), "case \(index)")
        }
    }

    func testPropertyNoReleaseStashesAtASharedEdge() {
        var random = PropertyRandom.seeded(for: #function)
        for index in 0..<PropertyRandom.cases {
            let displays = randomLayout(&random)
            let size = FloatSizing.size(widthFraction: random.double(0.1...0.5), aspect: random.pick(aspects),
                                        usable: displays[0].usable.size)
            let display = random.pick(displays)
            let centre = Point(x: random.double((display.full.minX - size.width)...(display.full.maxX + size.width)),
                               y: random.double(display.full.minY...display.full.maxY))
            let frame = Rect(origin: Point(x: centre.x - size.width / 2, y: centre.y - size.height / 2), size: size)
            let speed = random.pick([0.0, 600, 2400, 3500, 6000])
            let angle = random.double(-Double.pi...Double.pi)
            let target = SnapTarget.release(
                frame: frame, velocity: Vector(dx: speed * cos(angle), dy: speed * sin(angle)), displays: displays)
            if let problem = problem(with: target.frame, anchor: target.anchor, displays: displays) {
                return XCTFail("case \(index): \(problem) on \(displays), released at \(frame) at \(speed) px/s, \(angle) rad")
            }
        }
    }
}
