import FFmpeg
import Foundation
import Rooms
import TestSupport
import XCTest
@testable import Playback

final class SourcePolicyTests: XCTestCase {
    /// What the rooms check refuses, a session refuses with the same words (R3, D5).
    func testRefusedAndUnknownSchemesFailWithClearMessages() throws {
        let cases: [(String, SourceSpecError)] = [
            ("concat:/tmp/a.ts|/tmp/b.ts", .unsupportedScheme("concat")),
            ("subfile:,start,0,end,10,:/etc/passwd", .unsupportedScheme("subfile")),
            ("gopher://127.0.0.1/x", .unsupportedScheme("gopher")),
            ("bogus://127.0.0.1/x", .unsupportedScheme("bogus")),
            ("lavfi:movie=/etc/passwd", .openingFilter("movie")),
            ("crypto+file:/etc/hostname", .cryptoNeedsKey),
            ("ftp://127.0.0.1/a.ts", .unsupportedScheme("ftp")),
            ("v4l2:video0", .badDevice("video0")),
            ("", .empty),
        ]
        let healthy = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=25")
        defer { healthy.close() }
        for (source, message) in cases {
            XCTAssertThrowsError(try SourceSpec.parse(source), "the rooms check refuses \(source) alike") {
                XCTAssertEqual($0 as? SourceSpecError, message, source)
            }
            let session = SourcePlayer(source: source)
            try eventually(source, timeout: 3, poll: 0.005) { session.status.isFinal }
            XCTAssertEqual(session.status, .failed(.refusedSource(message)), source)
            XCTAssertEqual(session.openCount, 0, source)
            session.close()
        }
        try eventually("other sessions keep playing", timeout: 3, poll: 0.005) {
            healthy.status == .playing && healthy.takeFrame() != nil
        }
    }

    func testFFmpegItselfEnforcesTheWhitelist() {
        XCTAssertThrowsError(try InputContext(url: "subfile:,start,0,end,10,:/etc/hostname", formatName: nil,
                                              interrupt: InterruptFlag(), openTimeout: 2, ioTimeout: 2,
                                              deviceOptions: [:]))
        XCTAssertThrowsError(try InputContext(url: "concat:/etc/hostname", formatName: nil,
                                              interrupt: InterruptFlag(), openTimeout: 2, ioTimeout: 2,
                                              deviceOptions: [:]))
    }

    func testSourcesOpenPerKind() throws {
        func spec(_ text: String) throws -> SourceSpec { try SourceSpec.parse(text) }
        XCTAssertEqual(try spec("lavfi:sine").formatName, "lavfi")
        XCTAssertEqual(try spec("lavfi:sine").openName, "sine")
        XCTAssertEqual(try spec("v4l2:/dev/video0").formatName, "video4linux2")
        XCTAssertEqual(try spec("x11grab::0.0").openName, ":0.0")
        XCTAssertEqual(try spec("/media/clip.mp4").formatName, nil)
        XCTAssertEqual(try spec("file:///media/clip.mp4").openName, "/media/clip.mp4")
        XCTAssertTrue(try spec("https://example.invalid/live.m3u8").isNetwork)
        XCTAssertFalse(try spec("hls+file:/media/index.m3u8").isNetwork)
        XCTAssertTrue(try spec("hls+file:/media/index.m3u8").isFile)
        XCTAssertFalse(try spec("x11grab::0.0").isFile)
    }

    func testMissingFileFails() throws {
        let session = SourcePlayer(source: "/nonexistent/clip.mp4")
        defer { session.close() }
        try eventually("session.status.isFinal", timeout: 3, poll: 0.005) { session.status.isFinal }
        guard case .failed(.openFailed(let reason)) = session.status else { return XCTFail("\(session.status)") }
        XCTAssertTrue(reason.contains("No such file"), reason)
    }
}
