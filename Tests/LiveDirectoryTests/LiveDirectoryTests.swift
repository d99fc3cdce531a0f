import LiveDirectory
import Rooms
import XCTest

/// W8, M5: the live directory's refresh schedule, stream identity and ends, on a virtual clock.
final class LiveDirectoryTests: XCTestCase {
    private let server = LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                                    play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"))

    private func stream(_ name: String, age: Double = 10, clients: Int = 1, publishing: Bool = true) -> LiveStreamInfo {
        LiveStreamInfo(name: name, application: "live", isPublishing: publishing, clients: clients, age: age,
                       width: 1280, height: 720)
    }

    /// The serial of the single fetch in `effects`, failing when there is none.
    private func fetchSerial(_ effects: [DirectoryEffect], file: StaticString = #filePath, line: UInt = #line) -> Int {
        let serials = effects.compactMap { effect -> Int? in
            if case .fetch(_, let url, let serial) = effect, url == server.stats { serial } else { nil }
        }
        XCTAssertEqual(serials.count, 1, "\(effects)", file: file, line: line)
        return serials.first ?? -1
    }

    private func endedNames(_ effects: [DirectoryEffect]) -> [String] {
        effects.compactMap { if case .ended(_, let stream) = $0 { stream.name } else { nil } }
    }

    func testRefreshesOnTheFirstTickThenEveryFiveSecondsAfterEachAnswer() {
        var section = ServerDirectory(server: server)
        let first = fetchSerial(section.tick(now: 100))
        XCTAssertEqual(section.tick(now: 101), [], "no second fetch while one is in flight")
        _ = section.received(.success([]), serial: first, now: 101.5)
        XCTAssertEqual(section.reachability, .reachable)
        XCTAssertEqual(section.tick(now: 106.4), [])
        XCTAssertNotEqual(fetchSerial(section.tick(now: 106.5)), first)
    }

    func testFocusRefreshesAtOnceButNotTwiceInASecond() {
        var section = ServerDirectory(server: server)
        _ = section.received(.success([]), serial: fetchSerial(section.tick(now: 0)), now: 0.2)
        let serial = fetchSerial(section.focusGained(now: 2))
        _ = section.received(.success([]), serial: serial, now: 2.1)
        XCTAssertEqual(section.focusGained(now: 2.5), [])
        _ = fetchSerial(section.focusGained(now: 3.1))
    }

    func testAStreamKeepsItsRoomAcrossRefreshesAndOnlyPublishedStreamsAreListed() {
        var section = ServerDirectory(server: server)
        let appeared = section.received(.success([stream("cam", age: 3), stream("waiting", publishing: false)]),
                                        serial: fetchSerial(section.tick(now: 50)), now: 50)
        XCTAssertEqual(appeared.count, 1)
        XCTAssertEqual(section.rooms, [Room(id: "local/cam", title: "cam",
                                            media: .live(source: .url("rtmp://127.0.0.1:1935/live/cam")))])
        XCTAssertEqual(section.streams.first?.liveDuration(now: 60), 13)
        let again = section.received(.success([stream("new"), stream("cam", age: 8, clients: 4)]),
                                     serial: fetchSerial(section.tick(now: 55)), now: 55)
        XCTAssertEqual(again.count, 1, "only the new stream appears")
        XCTAssertEqual(section.streams.map(\.id), ["local/cam", "local/new"], "rows keep their order")
        XCTAssertEqual(section.streams.first?.info.viewers, 3)
    }

    /// M5: a stream missing from the list for 15 s has ended; one back in time has not.
    func testAStreamGoneFor15SecondsEnds() {
        var section = ServerDirectory(server: server)
        _ = section.received(.success([stream("a"), stream("b")]), serial: fetchSerial(section.tick(now: 0)), now: 0)
        _ = section.received(.success([stream("b")]), serial: fetchSerial(section.tick(now: 5)), now: 5.5)
        XCTAssertEqual(section.streams.first { $0.name == "a" }?.goneSince, 5, "gone since the request that missed it")
        _ = section.received(.success([]), serial: fetchSerial(section.tick(now: 10.5)), now: 10.5)
        XCTAssertEqual(endedNames(section.received(.success([stream("a")]), serial: fetchSerial(section.tick(now: 15.5)), now: 15.5)), [])
        XCTAssertNil(section.streams.first { $0.name == "a" }?.goneSince, "a came back")
        XCTAssertEqual(endedNames(section.tick(now: 25.25)), [])
        XCTAssertEqual(endedNames(section.tick(now: 25.5)), ["b"])
        XCTAssertEqual(section.streams.map(\.name), ["a"])
    }

    func testAnUnreachableServerSaysWhyAndWhenAndEndsNothingUntilItStaysDown() {
        var section = ServerDirectory(server: server)
        _ = section.received(.success([stream("a")]), serial: fetchSerial(section.tick(now: 0)), now: 0)
        _ = section.received(.success([]), serial: fetchSerial(section.tick(now: 5)), now: 5)
        let refused = DirectoryError.unreachable(.transport("connection refused"))
        _ = section.received(.failure(refused), serial: fetchSerial(section.tick(now: 10)), now: 10.5)
        XCTAssertEqual(section.reachability, .unreachable(reason: refused, since: 10.5, nextTry: 15.5))
        XCTAssertEqual(endedNames(section.tick(now: 30)), [], "a server that cannot answer does not end streams")
        var now = 30.0
        while endedNames(section.tick(now: now)).isEmpty && now < 200 {
            if let serial = section.pendingSerial { _ = section.received(.failure(refused), serial: serial, now: now) }
            now += 1
        }
        XCTAssertEqual(now, 10.5 + ServerDirectory.unreachableAfter, accuracy: 1)
        if case .unreachable(_, let since, _) = section.reachability { XCTAssertEqual(since, 10.5) } else { XCTFail() }
    }

    func testStaleAnswersAreIgnored() {
        var section = ServerDirectory(server: server)
        let serial = fetchSerial(section.tick(now: 0))
        XCTAssertEqual(section.received(.success([stream("a")]), serial: serial + 7, now: 1), [])
        XCTAssertEqual(section.streams, [])
        XCTAssertEqual(section.pendingSerial, serial)
    }

    func testTheDirectoryRoutesAnswersToTheirSectionAndKnowsItsNextDeadline() {
        let other = LiveServer(id: "tv", title: "TV", stats: "http://tv/stat", play: StreamURLTemplate("rtmp://tv/l/{stream}"))
        var directory = LiveDirectory(servers: [server, other])
        XCTAssertEqual(directory.nextDeadline, -.infinity, "due at once")
        let fetches = directory.tick(now: 0)
        XCTAssertEqual(fetches.count, 2)
        _ = directory.received(.failure(.badStats(.cutShort(openElement: "rtmp"))), serverID: "tv", serial: 1, now: 1)
        _ = directory.received(.success([stream("x")]), serverID: "local", serial: 1, now: 2)
        XCTAssertEqual(directory.room("local/x")?.title, "x")
        XCTAssertNil(directory.room("tv/x"))
        XCTAssertEqual(directory.nextDeadline, 6)
        XCTAssertEqual(directory.section("tv")?.streams, [])
    }

    func testAnActionSentDoesWhatItsMethodDoes() {
        var sent = LiveDirectory(servers: [server]), called = sent
        XCTAssertEqual(sent.send(.tick(now: 1)), called.tick(now: 1))
        XCTAssertEqual(sent.send(.received(.success([stream("cam")]), serverID: "local", serial: 1, now: 1.2)),
                       called.received(.success([stream("cam")]), serverID: "local", serial: 1, now: 1.2))
        XCTAssertEqual(sent.send(.inCall(true, serverID: "local")), [])
        called.setInCall(true, serverID: "local")
        XCTAssertEqual(sent.send(.refresh(serverID: "local", now: 2)), called.refresh(serverID: "local", now: 2))
        XCTAssertEqual(sent.send(.focusGained(now: 3)), called.focusGained(now: 3))
        XCTAssertEqual(sent, called)
    }
}
