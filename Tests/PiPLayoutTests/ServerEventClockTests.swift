import PiPLayout
import XCTest

/// The X server's event times in the app's clock: one offset, fixed within a gesture, across wraps.
final class ServerEventClockTests: XCTestCase {
    func testTimesKeepTheServersSpacingWhateverTheArrival() {
        var clock = ServerEventClock()
        let press = clock.seconds(server: 10_000, arrivedAt: 5.002, startsGesture: true)
        // A burst: three motions read at the same moment keep their 8 ms spacing.
        let moves = [10_008, 10_016, 10_024].map { clock.seconds(server: UInt32($0), arrivedAt: 5.040, startsGesture: false) }
        XCTAssertEqual(press, 5.002, accuracy: 1e-9)
        XCTAssertEqual(moves[0], 5.010, accuracy: 1e-9)
        XCTAssertEqual(moves[2] - moves[1], 0.008, accuracy: 1e-9)
    }

    func testALessDelayedPressLowersTheOffsetButAMotionDoesNot() {
        var clock = ServerEventClock()
        _ = clock.seconds(server: 1_000, arrivedAt: 2.050, startsGesture: true)
        _ = clock.seconds(server: 1_100, arrivedAt: 2.101, startsGesture: false)
        XCTAssertEqual(clock.offset ?? 0, 1.050, accuracy: 1e-9)
        _ = clock.seconds(server: 2_000, arrivedAt: 3.001, startsGesture: true)
        XCTAssertEqual(clock.offset ?? 0, 1.001, accuracy: 1e-9)
    }

    func testTheThirtyTwoBitWrapKeepsTimeGoingForward() {
        var clock = ServerEventClock()
        let before = clock.seconds(server: UInt32.max - 3, arrivedAt: 100, startsGesture: true)
        let after = clock.seconds(server: 4, arrivedAt: 100.01, startsGesture: false)
        let older = clock.seconds(server: UInt32.max, arrivedAt: 100.01, startsGesture: false)
        XCTAssertEqual(after - before, 0.008, accuracy: 1e-9)
        XCTAssertEqual(older - before, 0.003, accuracy: 1e-9)
    }
}
