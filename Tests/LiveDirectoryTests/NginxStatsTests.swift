import Foundation
import LiveDirectory
import XCTest

/// W8: nginx-rtmp statistics pages, captured from a real nginx-rtmp (Tests/Fixtures/nginx-stats).
final class NginxStatsTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent("Fixtures/nginx-stats/\(name).xml"))
    }

    func testTwoPublishedStreamsWithTheirViewersAndPictures() throws {
        let streams = try NginxStats.parse(fixture("two-streams")).get()
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
        let streams = try NginxStats.parse(fixture("viewer-only")).get()
        XCTAssertEqual(streams.map(\.name), ["nobody"])
        XCTAssertEqual(streams.map(\.isPublishing), [false])
        XCTAssertEqual(streams.first?.resolution, nil)
    }

    func testAnIdleServerHasNoStreams() throws {
        XCTAssertEqual(try NginxStats.parse(fixture("empty")).get(), [])
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
            guard case .failure(.badStats(let reason)) = NginxStats.parse(data) else {
                return XCTFail("\(label): expected a bad-stats error")
            }
            XCTAssertFalse(reason.isEmpty, label)
        }
    }

    func testAPageOver50MBIsRefusedBeforeParsing() {
        let huge = Data(count: 50 << 20)
        let started = Date()
        XCTAssertEqual(NginxStats.parse(huge), .failure(.badStats("larger than 4 MiB")))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }
}
