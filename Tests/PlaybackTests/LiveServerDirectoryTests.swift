import DirectoryFetch
import Foundation
import LiveDirectory
import LiveServerTestSupport
import Rooms
import TestSupport
import XCTest

/// W8, M5 against a real nginx-rtmp: fetching its statistics page over HTTP, reading live streams
/// from it, and every way a page can fail.
final class LiveServerDirectoryTests: XCTestCase {
    private var nginx: NginxServer!
    /// Made per test and dropped after it, so its URL session is invalidated and freed.
    private var fetcher: HTTPFetcher!

    override func setUpWithError() throws {
        fetcher = HTTPFetcher(timeout: 2, maximumSize: NginxStats.maximumSize)
        nginx = try NginxServer()
        try nginx.start()
    }

    override func tearDown() {
        nginx = nil
        fetcher = nil
    }

    /// Fetches `url` and waits for the one result.
    private func fetch(_ url: String, timeout: Double = 10) -> Result<Data, HTTPFetchError>? {
        let done = expectation(description: "fetch \(url)")
        let box = ResultBox()
        let fetcher = self.fetcher!
        Task.detached {
            box.set(await fetcher.fetched(url))
            done.fulfill()
        }
        wait(for: [done], timeout: timeout)
        return box.value
    }

    private func streams() -> [LiveStreamInfo]? { nginx.streams(using: fetcher) }

    func testAStreamPublishedWithFFmpegIsListedWithItsResolutionAndGoesWhenItStops() throws {
        XCTAssertEqual(streams(), [], "an idle server lists nothing")
        let publisher = try FFmpegPublisher(url: nginx.rtmpURL("cam1"), size: "640x360")
        let started = Date()
        var listed: LiveStreamInfo?
        while listed?.resolution == nil && Date().timeIntervalSince(started) < 6 {
            listed = streams()?.first { $0.name == "cam1" && $0.isPublishing }
            if listed?.resolution == nil { usleep(200_000) }
        }
        XCTAssertEqual(listed?.resolution, "640x360", "listed with its size within 6 s")
        XCTAssertEqual(listed?.videoCodec, "H264")
        XCTAssertEqual(listed?.audioCodec, "AAC")
        publisher.stop()
        let stopped = Date()
        while streams()?.contains(where: { $0.name == "cam1" && $0.isPublishing }) != false
            && Date().timeIntervalSince(stopped) < 5 { usleep(100_000) }
        XCTAssertEqual(streams()?.filter(\.isPublishing), [], "the stream leaves the page when ffmpeg stops")
    }

    func testUnreachableServersAndHTTPErrorsAreReported() throws {
        let port = freeLocalPort()
        guard case .failure(.transport(let reason)) = fetch("http://127.0.0.1:\(port)/stat") else {
            return XCTFail("a closed port is a transport error")
        }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertEqual(fetch(nginx.fileURL("missing.xml")).map(Self.failure), .status(404, reason: "Not Found"))
        XCTAssertEqual(fetch("ftp://127.0.0.1/stat").map(Self.failure), .badURL("ftp://127.0.0.1/stat"))
    }

    func testAServerThatNeverAnswersTimesOut() throws {
        let silent = ListeningSocket()
        let started = Date()
        guard case .failure(.transport) = fetch("http://127.0.0.1:\(silent.port)/stat") else {
            return XCTFail("a silent server is a transport error")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), fetcher.timeout + 2)
    }

    /// Bad pages are errors of that section only: not XML, cut short, 50 MB.
    func testBadPagesFromARealServerAreErrors() throws {
        let page = try XCTUnwrap(fetch(nginx.statsURL).flatMap { try? $0.get() })
        try nginx.serve(Data("<html>nope</html>".utf8), as: "html.xml")
        try nginx.serve(page.prefix(page.count - 40), as: "cut.xml")
        try nginx.serve(Data(repeating: UInt8(ascii: "<"), count: 50 << 20), as: "huge.xml")
        for name in ["html.xml", "cut.xml"] {
            guard case .success(let data) = fetch(nginx.fileURL(name)),
                  (try? NginxStats.parse(data)) == nil else { return XCTFail("\(name): expected bad stats") }
        }
        let started = Date()
        XCTAssertEqual(fetch(nginx.fileURL("huge.xml")).map(Self.failure), .tooLarge(limit: NginxStats.maximumSize))
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the cap stops reading early")
    }

    private static func failure(_ result: Result<Data, HTTPFetchError>) -> HTTPFetchError? {
        if case .failure(let error) = result { error } else { nil }
    }
}

/// W8, M5 end to end: the directory model fed by real fetches of a real nginx-rtmp.
final class LiveDirectoryServerTests: XCTestCase {
    func testAPublishedStreamAppearsWithin6SecondsAndEndsFor15SecondsAfterItStops() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let deadPort = freeLocalPort()
        let local = LiveServer(id: "local", title: "Local", stats: nginx.statsURL,
                               play: StreamURLTemplate("rtmp://127.0.0.1:\(nginx.rtmpPort)/live/{stream}"))
        let gone = LiveServer(id: "gone", title: "Gone", stats: "http://127.0.0.1:\(deadPort)/stat",
                              play: StreamURLTemplate("rtmp://127.0.0.1:\(deadPort)/live/{stream}"))
        let driver = DirectoryDriver(servers: [gone, local])
        XCTAssertTrue(driver.run(for: 5) { driver.directory.section("local")?.reachability == .reachable })
        let publisher = try FFmpegPublisher(url: nginx.rtmpURL("cam"), size: "640x360")
        let published = driver.now
        XCTAssertTrue(driver.run(for: 6) { driver.directory.room("local/cam") != nil
            && driver.directory.section("local")?.streams.first?.info.resolution == "640x360" },
                      "listed LIVE with its size within a refresh")
        print("listed after \(String(format: "%.2f", driver.now - published)) s")
        guard case .unreachable(let reason, _, let nextTry)? = driver.directory.section("gone")?.reachability else {
            return XCTFail("the dead server's section says it cannot be reached")
        }
        guard case .unreachable(.transport(let why)) = reason else { return XCTFail("\(reason): nobody listens, so no answer") }
        XCTAssertFalse(why.isEmpty)
        XCTAssertGreaterThan(nextTry, published - 5)
        XCTAssertEqual(driver.directory.room("local/cam")?.media, .live(source: .url(nginx.rtmpURL("cam"))))
        publisher.stop()
        let stopped = driver.now
        XCTAssertTrue(driver.run(for: 25) { driver.directory.room("local/cam") == nil }, "the row goes")
        let ended = driver.events.compactMap { event -> Double? in
            if case .ended(_, let stream) = event.effect, stream.name == "cam" { event.time } else { nil }
        }
        XCTAssertEqual(ended.count, 1)
        let endedAfter = (ended.first ?? 0) - stopped
        print("ended for good after \(String(format: "%.2f", endedAfter)) s")
        XCTAssertGreaterThanOrEqual(endedAfter, ServerDirectory.goneAfter)
        XCTAssertLessThanOrEqual(endedAfter, ServerDirectory.goneAfter + ServerDirectory.refreshInterval + 0.2,
                                 "released within 20 s of the stop")
    }
}
