import Foundation
@testable import Playback
import XCTest

final class SourcePolicyTests: XCTestCase {
    func testRefusedAndUnknownSchemesFailWithClearMessages() {
        let cases = [
            ("concat:/tmp/a.ts|/tmp/b.ts", "The protocol 'concat' is not allowed"),
            ("subfile:,start,0,end,10,:/etc/passwd", "The protocol 'subfile' is not allowed"),
            ("gopher://127.0.0.1/x", "The protocol 'gopher' is not allowed"),
            ("bogus://127.0.0.1/x", "Unknown source type 'bogus:'"),
            ("lavfi:movie=/etc/passwd", "The protocol 'lavfi movie filter' is not allowed"),
        ]
        let healthy = PlaybackSession(source: "lavfi:testsrc2=size=160x120:rate=25")
        defer { healthy.close() }
        for (source, message) in cases {
            let session = PlaybackSession(source: source)
            XCTAssertTrue(waitUntil(3) { session.status.isFinal }, source)
            XCTAssertEqual(session.status, .failed(message), source)
            XCTAssertEqual(session.openCount, 0, source)
            session.close()
        }
        XCTAssertTrue(waitUntil(3) { healthy.status == .playing && healthy.currentFrame() != nil },
                      "other sessions keep playing")
    }

    func testFFmpegItselfEnforcesTheWhitelist() {
        XCTAssertThrowsError(try InputContext(url: "subfile:,start,0,end,10,:/etc/hostname", formatName: nil,
                                              interrupt: InterruptFlag(), openTimeout: 2, ioTimeout: 2,
                                              deviceOptions: [:]))
        XCTAssertThrowsError(try InputContext(url: "concat:/etc/hostname", formatName: nil,
                                              interrupt: InterruptFlag(), openTimeout: 2, ioTimeout: 2,
                                              deviceOptions: [:]))
    }

    func testSourcesAreParsedPerKind() throws {
        XCTAssertEqual(try SourceLocator.parse("lavfi:sine").formatName, "lavfi")
        XCTAssertEqual(try SourceLocator.parse("lavfi:sine").url, "sine")
        XCTAssertEqual(try SourceLocator.parse("v4l2:/dev/video0").formatName, "video4linux2")
        XCTAssertEqual(try SourceLocator.parse("x11grab::0.0").url, ":0.0")
        XCTAssertEqual(try SourceLocator.parse("/media/clip.mp4").formatName, nil)
        XCTAssertEqual(try SourceLocator.parse("https://example.invalid/live.m3u8").isNetwork, true)
        XCTAssertThrowsError(try SourceLocator.parse("v4l2:video0"))
        XCTAssertThrowsError(try SourceLocator.parse(""))
    }

    func testMissingFileFails() {
        let session = PlaybackSession(source: "/nonexistent/clip.mp4")
        defer { session.close() }
        XCTAssertTrue(waitUntil(3) { session.status.isFinal })
        guard case .failed(let message) = session.status else { return XCTFail("\(session.status)") }
        XCTAssertTrue(message.contains("No such file"), message)
    }
}
