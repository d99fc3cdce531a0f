import Playback
import TestSupport
import XCTest

/// A live room whose file cannot be opened, or whose graph FFmpeg rejects, fails at once
/// instead of reconnecting forever (D6): no later try can fix them. A camera or a screen that
/// is not there yet is retried with D4's backoff.
final class LiveLocalFailureTests: XCTestCase {
    private func assertFails(_ source: String, mentioning text: String, file: StaticString = #filePath, line: UInt = #line) {
        let session = PlaybackSession(source: source, options: .live)
        defer { session.close() }
        XCTAssertTrue(waitUntil(5) { session.status.isFinal }, "status \(session.status)", file: file, line: line)
        guard case .failed(let message) = session.status else {
            return XCTFail("expected failed, got \(session.status)", file: file, line: line)
        }
        XCTAssertTrue(message.contains(text), message, file: file, line: line)
    }

    func testMissingFileFailsInALiveRoom() {
        assertFails("/nonexistent/live.ts", mentioning: "No such file")
    }

    func testBrokenGraphFailsInALiveRoom() {
        assertFails("lavfi:nosuchfilter=size=320x180[out0]", mentioning: "Cannot open")
    }

    func testUnreachableServerStillReconnects() {
        // Port 9 on loopback refuses connections: a network source keeps trying (D4).
        let session = PlaybackSession(source: "http://127.0.0.1:9/live.ts", options: .live)
        defer { session.close() }
        XCTAssertTrue(waitUntil(5) {
            if case .reconnecting = session.status { return true }
            return false
        }, "status \(session.status)")
    }

    func testScreenNotUpYetIsRetriedUntilItIs() throws {
        let display = VirtualDisplay()
        let clock = ManualClock()
        let session = PlaybackSession(source: "x11grab:" + display.name, options: .live,
                                      observers: PlaybackObservers(), clock: clock)
        defer { session.close() }
        XCTAssertTrue(waitUntil(5) { clock.hasFreshWaiter(until: clock.now() + 0.5) }, "\(session.status)")
        XCTAssertEqual(session.status, .reconnecting(attempt: 1, retryIn: 0.5))
        try display.start()
        clock.advance(by: 0.5)
        XCTAssertTrue(waitUntil(10) { session.takeFrame() != nil }, "the screen plays once it is up: \(session.status)")
        XCTAssertEqual(session.openCount, 1)
    }

    func testScreenNotUpFailsInARecordedRoom() {
        let session = PlaybackSession(source: "x11grab:" + VirtualDisplay().name)
        defer { session.close() }
        XCTAssertTrue(waitUntil(5) { session.status.isFinal }, "\(session.status)")
        guard case .failed = session.status else { return XCTFail("\(session.status)") }
    }
}
