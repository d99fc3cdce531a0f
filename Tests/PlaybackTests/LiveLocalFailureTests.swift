import Playback
import TestSupport
import XCTest

/// A live room whose file cannot be opened, or whose graph FFmpeg rejects, fails at once
/// instead of reconnecting forever (D6): no later try can fix them. A camera or a screen that
/// is not there yet is retried with D4's backoff.
final class LiveLocalFailureTests: XCTestCase {
    /// The session fails for good because the source cannot be opened, with FFmpeg's reason.
    private func assertOpenFails(_ source: String, mentioning text: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let session = SourcePlayer(source: source, options: .live)
        defer { session.close() }
        try eventually("status \(session.status)", timeout: 5, poll: 0.005, file: file, line: line) { session.status.isFinal }
        guard case .failed(.openFailed(let reason)) = session.status else {
            return XCTFail("expected a failure to open, got \(session.status)", file: file, line: line)
        }
        XCTAssertFalse(reason.isEmpty, file: file, line: line)
        if let text { XCTAssertTrue(reason.contains(text), reason, file: file, line: line) }
    }

    func testMissingFileFailsInALiveRoom() throws {
        try assertOpenFails("/nonexistent/live.ts", mentioning: "No such file")
    }

    func testBrokenGraphFailsInALiveRoom() throws {
        try assertOpenFails("lavfi:nosuchfilter=size=320x180[out0]")
    }

    func testUnreachableServerStillReconnects() throws {
        // Port 9 on loopback refuses connections: a network source keeps trying (D4).
        let session = SourcePlayer(source: "http://127.0.0.1:9/live.ts", options: .live)
        defer { session.close() }
        try eventually("status \(session.status)", timeout: 5, poll: 0.005) {
            if case .reconnecting = session.status { return true }
            return false
        }
    }

    func testScreenNotUpYetIsRetriedUntilItIs() throws {
        let display = VirtualDisplay()
        let clock = ManualClock()
        let session = SourcePlayer(source: "x11grab:" + display.name, options: .live,
                                      observers: PlaybackObservers(), clock: clock)
        defer { session.close() }
        try eventually("\(session.status)", timeout: 5, poll: 0.005) { clock.hasFreshWaiter(until: clock.now() + 0.5) }
        XCTAssertEqual(session.status, .reconnecting(attempt: 1, retryIn: 0.5))
        try display.start()
        clock.advance(by: 0.5)
        try eventually("the screen plays once it is up: \(session.status)", timeout: 10, poll: 0.005) {
            session.takeFrame() != nil
        }
        XCTAssertEqual(session.openCount, 1)
    }

    func testScreenNotUpFailsInARecordedRoom() throws {
        let session = SourcePlayer(source: "x11grab:" + VirtualDisplay().name)
        defer { session.close() }
        try eventually("\(session.status)", timeout: 5, poll: 0.005) { session.status.isFinal }
        guard case .failed = session.status else { return XCTFail("\(session.status)") }
    }
}
