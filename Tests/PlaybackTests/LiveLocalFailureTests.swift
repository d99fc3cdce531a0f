import PiPLayout
import Playback
import XCTest

/// A live room whose source is local and cannot be opened fails at once instead of
/// reconnecting forever (D6): no later try can fix a missing file or a broken graph.
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
}
