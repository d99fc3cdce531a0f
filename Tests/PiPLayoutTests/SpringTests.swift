import PiPLayout
import XCTest

final class SpringTests: XCTestCase {
    /// Steps the spring at `dt` until it settles; returns the simulated time taken.
    private func settle(_ spring: inout Spring, dt: Double, limit: Double = 5) -> Double {
        var time = 0.0
        while !spring.isSettled, time < limit {
            spring.advance(by: dt)
            time += dt
        }
        return time
    }

    func testLandsExactlyOnTheTarget() {
        var spring = Spring(
            from: Point(x: 16, y: 16), velocity: .zero, to: Point(x: 1424, y: 746), configuration: .snap)
        let time = settle(&spring, dt: 1.0 / 60)
        XCTAssertTrue(spring.isSettled)
        XCTAssertEqual(spring.position, Point(x: 1424, y: 746))
        XCTAssertEqual(spring.velocity, .zero)
        XCTAssertLessThan(time, 0.35)
    }

    func testAlreadyAtTheTargetIsSettledAtOnce() {
        let spring = Spring(from: Point(x: 5, y: 5), velocity: .zero, to: Point(x: 5, y: 5), configuration: .snap)
        XCTAssertTrue(spring.isSettled)
        let near = Spring(from: Point(x: 5.3, y: 5), velocity: Vector(dx: 10, dy: 0), to: Point(x: 5, y: 5), configuration: .snap)
        XCTAssertEqual(near.position, Point(x: 5, y: 5))
    }

    func testAtTheTargetButMovingLeavesAndComesBackWithoutCrossing() {
        var spring = Spring(from: .zero, velocity: Vector(dx: 500, dy: 0), to: .zero, configuration: .snap)
        XCTAssertFalse(spring.isSettled)
        var farthest = 0.0
        while !spring.isSettled {
            spring.advance(by: 1.0 / 120)
            XCTAssertGreaterThanOrEqual(spring.position.x, 0)
            farthest = max(farthest, spring.position.x)
        }
        XCTAssertGreaterThan(farthest, 1)
        XCTAssertEqual(spring.position, .zero)
    }

    func testAHardFlingTowardANearTargetDoesNotOvershoot() {
        var spring = Spring(
            from: Point(x: 100, y: 100), velocity: Vector(dx: 9000, dy: 9000), to: Point(x: 150, y: 120),
            configuration: .snap)
        while !spring.isSettled {
            spring.advance(by: 1.0 / 60)
            XCTAssertLessThanOrEqual(spring.position.x, 150)
            XCTAssertLessThanOrEqual(spring.position.y, 120)
        }
    }

    func testOneLongStepEqualsManyShortOnes() {
        var long = Spring(from: .zero, velocity: Vector(dx: -300, dy: 200), to: Point(x: 800, y: 400), configuration: .snap)
        var short = long
        long.advance(by: 0.1)
        for _ in 0..<100 { short.advance(by: 0.001) }
        XCTAssertEqual(long.position.x, short.position.x, accuracy: 1e-6)
        XCTAssertEqual(long.position.y, short.position.y, accuracy: 1e-6)
    }

    func testHitchesAndHugeStepsStayStable() {
        var spring = Spring(from: .zero, velocity: .zero, to: Point(x: 3000, y: 1500), configuration: .snap)
        spring.advance(by: 0.1)
        XCTAssertTrue(spring.position.x > 0 && spring.position.x < 3000)
        spring.advance(by: 10)
        XCTAssertTrue(spring.isSettled)
        XCTAssertEqual(spring.position, Point(x: 3000, y: 1500))
    }

    func testNonPositiveAndNonFiniteStepsDoNothing() {
        var spring = Spring(from: .zero, velocity: .zero, to: Point(x: 100, y: 0), configuration: .snap)
        let before = spring
        spring.advance(by: 0)
        spring.advance(by: -1)
        spring.advance(by: .nan)
        spring.advance(by: .infinity)
        XCTAssertEqual(spring, before)
    }

    func testPresetsAreNamedByPurposeAndCriticallyDamped() {
        XCTAssertEqual(SpringConfiguration.snap.stiffness, 1200)
        XCTAssertGreaterThanOrEqual(SpringConfiguration.stash.stiffness, 700)
        XCTAssertGreaterThanOrEqual(SpringConfiguration.unstash.stiffness, 700)
        XCTAssertGreaterThanOrEqual(SpringConfiguration.resettle.stiffness, 700)
        XCTAssertEqual(SpringConfiguration(stiffness: -5), .snap)
    }

    func testWorstCaseAcrossA4KAreaSettlesWithin350Milliseconds() {
        var spring = Spring(
            from: Point(x: 0, y: 0), velocity: Vector(dx: -800, dy: -800), to: Point(x: 3840, y: 2160),
            configuration: .snap)
        let time = settle(&spring, dt: 0.001)
        XCTAssertLessThanOrEqual(time, 0.35)
    }
}
