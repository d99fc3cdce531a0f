import Foundation
import LiveDirectory
import Rooms
import XCTest

/// W8: nginx-rtmp statistics pages, captured from a real nginx-rtmp (Tests/Fixtures/nginx-stats).
final class NginxStatsTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent("Fixtures/nginx-stats/\(name).xml"))
    }

    func testTwoPublishedStreamsWithTheirViewersAndPictures() throws {
        let streams = try NginxStats.parse(fixture("two-streams"))
        XCTAssertEqual(streams, [
            LiveStreamInfo(name: "cam1", application: "live", isPublishing: true, clients: 2, age: 5.429,
                           width: 640, height: 360, frameRate: 25, videoCodec: "H264", audioCodec: "AAC", bitsPerSecondIn: 0),
            LiveStreamInfo(name: "screen-2", application: "live", isPublishing: true, clients: 1, age: 5.409,
                           width: 1280, height: 720, frameRate: 30, videoCodec: "H264", audioCodec: nil, bitsPerSecondIn: 0),
        ])
        XCTAssertEqual(streams.map(\.viewers), [1, 0])
        XCTAssertEqual(streams.map(\.resolution), ["640x360", "1280x720"])
    }

    /// A viewer waiting for a stream nobody publishes makes nginx list it, but not as publishing
    /// (the `publishing` flag inside its client element is not the stream's).
    func testAStreamWithOnlyAViewerIsNotPublishing() throws {
        let streams = try NginxStats.parse(fixture("viewer-only"))
        XCTAssertEqual(streams.map(\.name), ["nobody"])
        XCTAssertEqual(streams.map(\.isPublishing), [false])
        XCTAssertEqual(streams.first?.resolution, nil)
    }

    func testAnIdleServerHasNoStreams() throws {
        XCTAssertEqual(try NginxStats.parse(fixture("empty")), [])
    }

    func testBadPagesAreErrorsNotCrashes() throws {
        let page = try fixture("two-streams")
        let cases: [(String, Data)] = [
            ("html", Data("<html><body>502 Bad Gateway</body></html>".utf8)),
            ("not XML", Data("{\"rtmp\": 1}".utf8)),
            ("truncated", page.prefix(page.count / 2)),
            ("empty", Data()),
            ("binary", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131) })),
        ]
        for (label, data) in cases {
            XCTAssertThrowsError(try NginxStats.parse(data), "\(label): expected a bad-stats error")
        }
    }

    func testAPageOver50MBIsRefusedBeforeParsing() {
        let huge = Data(count: 50 << 20)
        let started = Date()
        XCTAssertEqual(Result { () throws(StatsPageProblem) in try NginxStats.parse(huge) }, .failure(.tooLarge(SizeLimit(mebibytes: 4))))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }
}
