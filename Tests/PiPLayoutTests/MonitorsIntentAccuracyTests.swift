import PiPLayout
import TestSupport
import XCTest

/// How often the float lands where a person meant on a two-monitor desktop: a 1920x1080
/// monitor with a 48 px bottom panel left of a 1280x1024 one, top-aligned (a dead zone below
/// the smaller one). Every ``HandTrace`` kind is played on each monitor, as many times as
/// ``IntentAccuracyTests`` plays them on its main screen, plus flings across the shared edge
/// (900-2,400 px/s, and stash-fast 3,500-5,000 px/s) from the corner next to it, sideways or
/// diagonally toward a corner of the neighbour's far column.
///
/// What a person means at the shared edge: a stash fling or drag toward it cannot mean a
/// stash (no monitor hides the float there). A fling toward it is a fling toward the
/// neighbour, and as P7 reads on several monitors (user guide) it carries the float over only
/// when let go in the half next to the neighbour: let go in the far half it means a corner
/// of the same monitor on that side, let go past the middle (a long hard throw from the far
/// corner of the smaller monitor) a corner of the neighbour's far side; the row is the
/// hand's wobble at 3,500-5,000 px/s either way. A drag with the centre over the edge means
/// the nearest corner of the monitor under the centre. A fling across the edge from the
/// corner next to it means the neighbour's far corner aimed at, a diagonal one aimed as
/// steeply as ``HandTrace``'s diagonal flings; a stash-fast one means the neighbour's far
/// side: that corner, or stashed behind its outer edge when the hand carried the float over
/// before letting go (the stash fling rule of the monitor it is released on).
final class MonitorsIntentAccuracyTests: XCTestCase {
    private static let flings = 10_000
    private static let rates: [(name: String, hertz: Double)] = [
        ("125 Hz mouse", 125), ("60 Hz touchpad", 60), ("1000 Hz mouse", 1000),
    ]
    private static let goals: [String: Double] = [
        "fling": 0.995, "fastSideways": 0.995, "slow": 1, "stashFling": 0.995, "stashDrag": 1, "dismiss": 1,
        "across": 0.995, "hardAcross": 0.995,
    ]

    /// Where a gesture leaves the float: a goal on a monitor (its index in ``twoMonitors``).
    private struct Landing: Equatable, CustomStringConvertible {
        var monitor: Int
        var goal: HandGoal
        var description: String { "\(goal) on monitor \(monitor)" }
    }

    /// The monitor under `point`, else the nearest one.
    private static func monitor(under point: Point) -> Int {
        twoMonitors.firstIndex { $0.full.contains(point) }
            ?? twoMonitors.indices.min { twoMonitors[$0].full.distance(to: point) < twoMonitors[$1].full.distance(to: point) }!
    }

    /// The float's size when it opens on `display`.
    private static func floatSize(on display: Display) -> Size {
        FloatMotion(displays: twoMonitors, videoAspect: 16.0 / 9, placement: nil, home: display.full.center).frame.size
    }

    /// The gestures' arena on each monitor: its usable area, the float's size there, its dismiss target.
    private static let arenas = twoMonitors.map { HandArena(display: $0, floatSize: floatSize(on: $0)) }

    /// The gestures' arena on monitor `index`.
    private static func arena(_ index: Int) -> HandArena { arenas[index] }

    /// Plays `trace` on a float resting at its start corner of monitor `index`; answers where it settles.
    private func play(_ trace: HandTrace, on index: Int) -> Landing {
        guard case .corner(let name) = trace.start, let corner = Corner(rawValue: name) else {
            return Landing(monitor: index, goal: trace.start)
        }
        var motion = FloatMotion(
            displays: twoMonitors, videoAspect: 16.0 / 9, placement: Placement(anchor: .corner(corner), widthFraction: 0.25),
            home: twoMonitors[index].full.center)
        let effects = motion.play(trace)
        if effects.contains(.dismissed) { return Landing(monitor: Self.monitor(under: motion.floatFrame.center), goal: .dismiss) }
        let target = effects.reversed().lazy.compactMap { effect -> SnapTarget? in
            if case .snapTargetChosen(let target) = effect { return target }
            return nil
        }.first ?? SnapTarget(anchor: motion.placement.anchor, frame: motion.floatFrame)
        let goal: HandGoal = switch target.anchor {
        case .corner(let corner): .corner(corner.rawValue)
        case .stashed(let side, _): .stash(left: side == .left)
        }
        return Landing(monitor: Self.monitor(under: target.anchor.ownerPoint(of: target.frame)), goal: goal)
    }

    /// What the person meant by `trace` made on monitor `index` (see the class comment).
    private func meant(_ trace: HandTrace, on index: Int) -> Landing {
        let sharedIsLeft = index == 1
        guard case .stash(let left) = trace.meant, left == sharedIsLeft, case .corner(let start) = trace.start else {
            return Landing(monitor: index, goal: trace.meant)
        }
        // The float's centre at the release: the press point's offset from the resting centre kept.
        let rest = Self.arena(index).restingCentre(left: start.hasSuffix("left"), top: start.hasPrefix("top"))
        let press = trace.events[0], release = trace.events[trace.events.count - 1]
        let centre = Point(x: release.x - (press.x - rest.x), y: release.y - (press.y - rest.y))
        switch trace.kind {
        case .stashFling:
            // The middle line belongs to both halves.
            let middle = twoMonitors[index].usable.midX
            let nextToShared = sharedIsLeft ? centre.x <= middle : centre.x >= middle
            let goal = HandTrace.cornerGoal(left: left, top: start.hasPrefix("top"))
            return Landing(monitor: nextToShared ? 1 - index : index, goal: goal)
        default:
            let under = Self.monitor(under: centre)
            return Landing(monitor: under, goal: Self.arena(under).nearestCorner(x: centre.x, y: centre.y))
        }
    }

    /// A fling from the corner of monitor `index` next to the shared edge across it: sideways
    /// or diagonal, at `speeds`, meaning the neighbour's far corner in the row aimed at.
    private func across(
        from index: Int, speeds: ClosedRange<Double>, kind: String, rate: Double, using random: inout PropertyRandom
    ) -> (HandTrace, Landing) {
        let towardRight = index == 0
        let top = Bool.random(using: &random), diagonal = Bool.random(using: &random)
        let from = Self.arena(index).restingCentre(left: !towardRight, top: top)
        let to = Self.arena(1 - index).restingCentre(left: !towardRight, top: top != diagonal)
        // Sideways at `speeds`; a diagonal also 900-2,400 px/s down or up, as ``HandTrace``'s
        // flings are, more sideways than vertical (the far corner of the other row lies 20-30°
        // off the horizontal) and as steep as their diagonals (at least 900/2,400 of the
        // sideways speed, 20.6°): a shallower aim, wobbled ±8°, overlaps the headings of a
        // sideways throw, which means the row it starts in.
        var vx = 0.0, vy = 0.0
        repeat {
            vx = Double.random(in: speeds, using: &random)
            vy = diagonal ? Double.random(in: 900...2400, using: &random) : 0
        } while vy > 0.75 * vx || (diagonal && vy < 0.375 * vx)
        vx *= towardRight ? 1 : -1
        vy *= (to.y > from.y) ? 1 : -1
        var maker = HandTraceMaker(arena: Self.arena(index), rate: rate)
        let trace = maker.thrown(
            .fling, left: !towardRight, top: top, vx: vx, vy: vy, meant: HandTrace.cornerGoal(left: !towardRight, top: top != diagonal),
            using: &random)
        return (trace, Landing(monitor: 1 - index, goal: trace.meant))
    }

    /// The other landings a kind's meaning allows (see the class comment).
    private func accepts(_ kind: String, _ landed: Landing, meant: Landing) -> Bool {
        guard landed.monitor == meant.monitor, case .corner(let name) = meant.goal else { return false }
        switch (kind, landed.goal) {
        case ("stashFling", .corner(let corner)): return corner.hasSuffix(name.hasSuffix("left") ? "left" : "right")
        case ("hardAcross", .stash(let left)): return left == name.hasSuffix("left")
        default: return false
        }
    }

    func testHumanGesturesLandWhereMeantOnTwoMonitors() {
        var random = PropertyRandom.seeded(for: #function)
        for rate in Self.rates {
            var hits: [String: (hit: Int, all: Int)] = [:]
            var misses: [String: [String]] = [:]
            var unwantedStashes = 0, stashedAcross = 0
            func count(_ kind: String, _ trace: HandTrace, meant: Landing, on index: Int) -> Landing {
                let landed = play(trace, on: index)
                hits[kind, default: (0, 0)].all += 1
                if landed == meant || accepts(kind, landed, meant: meant) {
                    hits[kind, default: (0, 0)].hit += 1
                } else {
                    if case .stash = landed.goal { unwantedStashes += 1 }
                    if misses[kind, default: []].count < 6 {
                        let events = misses[kind, default: []].isEmpty ? ": \(trace.events)" : ""
                        misses[kind, default: []].append("from \(trace.start) on \(index) to \(landed), meant \(meant)\(events)")
                    }
                }
                return landed
            }
            for index in twoMonitors.indices {
                for kind in HandTrace.Kind.allCases {
                    for _ in 0..<(kind == .fling ? Self.flings : Self.flings / 5) {
                        let trace = HandTrace.make(kind, on: Self.arena(index), rate: rate.hertz, using: &random)
                        _ = count(kind.rawValue, trace, meant: meant(trace, on: index), on: index)
                    }
                }
                for (kind, speeds) in [("across", 900.0...2400), ("hardAcross", 3500.0...5000)] {
                    for _ in 0..<Self.flings / 5 {
                        let (trace, meant) = across(from: index, speeds: speeds, kind: kind, rate: rate.hertz, using: &random)
                        let landed = count(kind, trace, meant: meant, on: index)
                        if kind == "hardAcross", case .stash = landed.goal { stashedAcross += 1 }
                    }
                }
            }
            for (kind, (hit, all)) in hits.sorted(by: { $0.key < $1.key }) {
                let accuracy = Double(hit) / Double(all)
                print("two monitors, \(rate.name), \(kind): \(String(format: "%.2f", accuracy * 100))% of \(all)")
                XCTAssertGreaterThanOrEqual(accuracy, Self.goals[kind, default: 1], "\(rate.name) \(kind); first misses: \(misses[kind] ?? [])")
            }
            print("two monitors, \(rate.name): \(unwantedStashes) stashes not meant; \(stashedAcross) stash-fast flings"
                + " across stashed behind the neighbour's outer edge")
            XCTAssertEqual(unwantedStashes, 0, "\(rate.name): stashes where none was meant")
        }
    }
}
