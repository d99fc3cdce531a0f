import AppCore
import JanusProtocol
import LiveDirectory
import Rooms
import XCTest

/// W8: the words a section header and a directory row show, and why a server has no fresh list.
final class DirectoryWordsTests: XCTestCase {
    private let server = LiveServer(id: "local", title: "Local server", stats: "http://h/stat",
                                    play: StreamURLTemplate("rtmp://h/live/{stream}"))

    func testARowShowsLiveViewersSizeAndTimeLive() {
        let info = LiveStreamInfo(name: "cam", application: "live", isPublishing: true, clients: 4, age: 0,
                                  width: 1280, height: 720)
        let stream = DirectoryStream(id: "local/cam", name: "cam", info: info, liveSince: 100)
        XCTAssertEqual(stream.rowDetail(now: 100 + 725.9), "LIVE · 3 watching · 1280x720 · 12:05")
        var alone = stream
        alone.info = LiveStreamInfo(name: "cam", application: "live", isPublishing: true, clients: 2, age: 0)
        XCTAssertEqual(alone.rowDetail(now: 100 + 3 * 3600 + 61), "LIVE · 1 watching · 3:01:01")
    }

    func testTheHeaderSaysWhyAServerCannotBeReachedAndWhenItIsTriedAgain() {
        var section = ServerDirectory(server: server)
        XCTAssertEqual(section.header(now: 0), "Local server — connecting…")
        guard case .fetch(_, _, let serial)? = section.tick(now: 0).first else { return XCTFail("no first fetch") }
        _ = section.received(.failure(.unreachable(.transport("Could not connect to the server."))), serial: serial, now: 0.5)
        XCTAssertEqual(section.header(now: 1.2), "Local server — unreachable: Could not connect to the server. (next try in 5 s)")
        XCTAssertEqual(section.header(now: 5.6), "Local server — unreachable: Could not connect to the server. (trying again now)")
        let next = section.tick(now: 5.6)
        guard case .fetch(_, _, let retry)? = next.first else { return XCTFail("\(next)") }
        _ = section.received(.success([]), serial: retry, now: 5.7)
        XCTAssertEqual(section.header(now: 6), "Local server — nobody is live")
    }

    /// R8: a Janus server has calls, not streams: its header says when it has no rooms at all.
    func testAJanusSectionSaysWhenItHasNoRooms() {
        var section = ServerDirectory(server: LiveServer.janus(id: "sfu", title: "Janus", api: "http://127.0.0.1:8088/janus"))
        guard case .fetch(_, _, let serial)? = section.tick(now: 0).first else { return XCTFail("no first fetch") }
        _ = section.receivedCalls(.success([]), serial: serial, now: 0.5)
        XCTAssertEqual(section.header(now: 1), "Janus — no rooms")
        guard case .fetch(_, _, let next)? = section.tick(now: 6).first else { return XCTFail("no second fetch") }
        _ = section.receivedCalls(.success([ListedCall(room: "1234", title: "Janus Call", members: [])]), serial: next, now: 6.1)
        XCTAssertEqual(section.header(now: 7), "Janus")
    }

    func testEveryReasonASectionHasNoFreshListIsWorded() {
        let cases: [(DirectoryError, String)] = [
            (.unreachable(.transport("Could not connect to the server.")), "Could not connect to the server."),
            (.unreachable(.badURL("ftp://h/stat")), "not a URL: ftp://h/stat"),
            (.unreachable(.status(404, reason: "Not Found")), "HTTP 404 Not Found"),
            (.badStats(.tooLarge(SizeLimit(mebibytes: 4))), "bad statistics page: larger than 4 MiB"),
            (.badStats(.notWellFormed(line: nil, code: nil)), "bad statistics page: not well-formed XML"),
            (.badStats(.notWellFormed(line: "3", code: 76)), "bad statistics page: not well-formed XML (line 3, code 76)"),
            (.badStats(.notWellFormed(line: nil, code: 5)), "bad statistics page: not well-formed XML (code 5)"),
            (.badStats(.cutShort(openElement: "server")), "bad statistics page: cut short (the page ends inside <server>)"),
            (.badStats(.notNginxRTMP(root: "html")), "bad statistics page: not an nginx-rtmp statistics page (root element <html>)"),
            (.badStats(.notNginxRTMP(root: nil)), "bad statistics page: not an nginx-rtmp statistics page (root element missing)"),
            (.badJanusAnswer(.refused(code: 403, reason: "Unauthorized request")), "Janus refused (403): Unauthorized request"),
            (.badJanusAnswer(.malformed(.missingField(JSONPath.root.appending("janus")))), "Janus sent a malformed message: missing field janus"),
            (.badJanusAnswer(.unexpectedAnswer(request: "list")), "Janus answered list with something else"),
        ]
        for (error, words) in cases { XCTAssertEqual(error.words, words) }
        XCTAssertEqual(HTTPFetchError.tooLarge(limit: 4 << 20).words, "larger than 4 MiB")
    }
}
