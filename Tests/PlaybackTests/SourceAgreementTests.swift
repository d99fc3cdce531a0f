import Foundation
import Playback
import Rooms
import TestSupport
import XCTest

/// The rooms-file check and playback use one source parser (R3, D5): every kind of source the
/// check accepts opens in a session (``SourcePolicyTests`` checks the refusals).
final class SourceAgreementTests: XCTestCase {
    private func assertPlays(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNoThrow(try SourceSpec.parse(source), "the rooms check accepts \(source)", file: file, line: line)
        let session = SourcePlayer(source: source)
        defer { session.close() }
        try eventually("\(source): \(session.status)", timeout: 10, poll: 0.005) {
            session.takeFrame() != nil || session.status.isFinal
        }
        XCTAssertNotNil(session.takeFrame(), "\(source) shows a picture: \(session.status)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(session.openCount, 1, source, file: file, line: line)
    }

    func testEveryKindOfSourceTheCheckAcceptsOpens() throws {
        let media = try TestMedia()
        let clip = try media.h264AAC("clip.ts", seconds: 2)
        try media.ffmpeg(["-i", clip, "-c", "copy", "-f", "hls", "-hls_time", "1",
                          "-hls_list_size", "0", media.path("index.m3u8")])
        let server = try StaticHTTPServer(folder: media.folder)
        let display = VirtualDisplay()
        try display.start()
        for source in [
            clip, "file:" + clip, "file://" + clip, "hls+file:" + media.path("index.m3u8"),
            server.url("clip.ts"), server.url("index.m3u8"), "hls+" + server.url("index.m3u8"),
            "lavfi:testsrc2=size=160x120:rate=25[out0];sine=f=440[out1]", "x11grab:" + display.name,
        ] {
            try assertPlays(source)
        }
    }
}
