import PiPLayout
import XCTest

final class GestureTests: XCTestCase {
    func testStayingWithinTheSlopIsATap() {
        var tracker = GestureTracker()
        tracker.press(at: Point(x: 10, y: 10), time: 1)
        XCTAssertEqual(tracker.move(to: Point(x: 13, y: 10), time: 1.01), .pressed)
        XCTAssertEqual(tracker.move(to: Point(x: 12.8, y: 12.4), time: 1.02), .pressed)
        XCTAssertEqual(tracker.release(at: Point(x: 14, y: 10), time: 1.05), .tap(clickCount: 1))
        XCTAssertEqual(tracker.phase, .idle)
    }

    func testLeavingTheSlopStartsADragThatStaysADrag() {
        var tracker = GestureTracker()
        tracker.press(at: Point(x: 10, y: 10), time: 1)
        XCTAssertEqual(tracker.move(to: Point(x: 14.1, y: 10), time: 1.01), .dragging)
        XCTAssertEqual(tracker.move(to: Point(x: 10, y: 10), time: 1.02), .dragging)
        guard case .drag = tracker.release(at: Point(x: 10, y: 10), time: 1.03) else { return XCTFail("not a drag") }
    }

    func testReleaseWithoutPressIsIgnored() {
        var tracker = GestureTracker()
        XCTAssertNil(tracker.release(at: .zero, time: 0))
        XCTAssertEqual(tracker.move(to: Point(x: 50, y: 50), time: 0), .idle)
    }

    func testVelocityIsTheLeastSquaresSlopeOfTheLastSamples() {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 0)
        for frame in 1...20 {
            let t = Double(frame) / 60
            tracker.move(to: Point(x: 1200 * t, y: -600 * t), time: t)
        }
        guard case .drag(let velocity) = tracker.release(at: Point(x: 1200 * 21 / 60, y: -600 * 21 / 60), time: 21.0 / 60)
        else { return XCTFail("not a drag") }
        XCTAssertEqual(velocity.dx, 1200, accuracy: 1e-6)
        XCTAssertEqual(velocity.dy, -600, accuracy: 1e-6)
    }

    func testPointerThatRestedBeforeReleaseHasNoVelocity() {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 0)
        for frame in 1...10 {
            tracker.move(to: Point(x: Double(frame) * 30, y: 0), time: Double(frame) / 60)
        }
        guard case .drag(let velocity) = tracker.release(at: Point(x: 300, y: 0), time: 10.0 / 60 + 0.101)
        else { return XCTFail("not a drag") }
        XCTAssertEqual(velocity, .zero)
    }

    func testOnlyTheLast100MillisecondsCount() {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 0)
        // Fast to the right for 0.3 s, then slowly back left for the last 0.1 s.
        for step in 1...30 {
            tracker.move(to: Point(x: Double(step) * 20, y: 0), time: Double(step) * 0.01)
        }
        for step in 1...10 {
            tracker.move(to: Point(x: 600 - Double(step) * 3, y: 0), time: 0.3 + Double(step) * 0.01)
        }
        guard case .drag(let velocity) = tracker.release(at: Point(x: 570, y: 0), time: 0.4)
        else { return XCTFail("not a drag") }
        XCTAssertLessThan(velocity.dx, 0)
    }

    func testOneJitterySampleDoesNotFlipTheDirection() {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 0)
        for frame in 1...12 {
            let t = Double(frame) / 60
            let jitter = frame == 11 ? -40.0 : 0
            tracker.move(to: Point(x: 600 * t + jitter, y: 0), time: t)
        }
        guard case .drag(let velocity) = tracker.release(at: Point(x: 600 * 13 / 60, y: 0), time: 13.0 / 60)
        else { return XCTFail("not a drag") }
        XCTAssertGreaterThan(velocity.dx, 0)
    }

    func testTwoQuickClicksNearbyMakeADoubleClick() {
        var tracker = GestureTracker()
        tracker.press(at: Point(x: 10, y: 10), time: 1)
        XCTAssertEqual(tracker.release(at: Point(x: 10, y: 10), time: 1.1), .tap(clickCount: 1))
        tracker.press(at: Point(x: 13, y: 10), time: 1.5)
        XCTAssertEqual(tracker.release(at: Point(x: 13, y: 10), time: 1.6), .tap(clickCount: 2))
        tracker.press(at: Point(x: 13, y: 10), time: 1.8)
        XCTAssertEqual(tracker.release(at: Point(x: 13, y: 10), time: 1.9), .tap(clickCount: 1), "a third click starts over")
    }

    func testSlowOrDistantSecondClicksAreSingleClicks() {
        var slow = GestureTracker()
        slow.press(at: .zero, time: 1)
        _ = slow.release(at: .zero, time: 1.1)
        slow.press(at: .zero, time: 1.51)
        XCTAssertEqual(slow.release(at: .zero, time: 1.6), .tap(clickCount: 1))

        var distant = GestureTracker()
        distant.press(at: .zero, time: 1)
        _ = distant.release(at: .zero, time: 1.1)
        distant.press(at: Point(x: 4.1, y: 0), time: 1.2)
        XCTAssertEqual(distant.release(at: Point(x: 4.1, y: 0), time: 1.3), .tap(clickCount: 1))
    }

    func testADragBetweenClicksBreaksADoubleClick() {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 1)
        _ = tracker.release(at: .zero, time: 1.05)
        tracker.press(at: .zero, time: 1.1)
        _ = tracker.release(at: Point(x: 50, y: 0), time: 1.2)
        tracker.press(at: .zero, time: 1.3)
        XCTAssertEqual(tracker.release(at: .zero, time: 1.35), .tap(clickCount: 1))
    }

    /// Moves at 125 Hz along x at `speed` px/s for 0.2 s, then plays `tail` (x, time) moves, then
    /// releases at `release`; answers the release velocity.
    private func velocity(speed: Double, tail: [(Double, Double)] = [], release: (x: Double, time: Double)?) -> Vector? {
        var tracker = GestureTracker()
        tracker.press(at: .zero, time: 0)
        for step in 1...25 {
            let t = Double(step) * 0.008
            tracker.move(to: Point(x: speed * t, y: 0), time: t)
        }
        for (x, t) in tail { tracker.move(to: Point(x: x, y: 0), time: t) }
        let end = release ?? (speed * 0.2, 0.2)
        guard case .drag(let velocity) = tracker.release(at: Point(x: end.x, y: 0), time: end.time) else { return nil }
        return velocity
    }

    func testVelocityRulesTable() {
        let cases: [(tail: [(Double, Double)], release: (x: Double, time: Double)?, expected: Double, why: String)] = [
            ([], (200, 0.2), 1000, "released with the last move"),
            ([], (200, 0.212), 1000, "a release 12 ms after the last move adds no stationary sample"),
            ([], (200, 0.239), 1000, "39 ms without motion still counts"),
            ([], (200, 0.241), 0, "41 ms without motion is a rest: zero"),
            ([], (204, 0.204), 1000, "a release that moved adds its sample"),
            ([(190, 0.2), (200, 0.2)], (200, 0.21), 1000, "a burst at one time keeps only its last position"),
            ([(150, 0.19)], (200, 0.21), 1000, "an older sample is dropped"),
            ([(200, 0.25), (210, 0.258)], (210, 0.26), 1250, "a 50 ms pause forgets the motion before it"),
        ]
        for item in cases {
            guard let velocity = velocity(speed: 1000, tail: item.tail, release: item.release) else {
                XCTFail("not a drag: \(item.why)")
                continue
            }
            XCTAssertEqual(velocity.dx, item.expected, accuracy: 1e-6, item.why)
            XCTAssertEqual(velocity.dy, 0, item.why)
        }
    }

    func testFitReachesBackOnly100MillisecondsFromTheNewestSample() {
        let old = [PointerSample(point: Point(x: -500, y: 0), time: 0.0)]
        let recent = (0...10).map { PointerSample(point: Point(x: Double($0) * 8, y: 0), time: 0.1 + Double($0) * 0.008) }
        let velocity = VelocityEstimator.velocity(samples: old + recent, at: 0.19)
        XCTAssertEqual(velocity.dx, 1000, accuracy: 1e-6, "the sample 180 ms old does not count")
    }
}
