import Rooms
import XCTest

/// A rooms file edited as text (R6): a room added or removed, everything else in the file kept
/// byte for byte; a file that is not a valid rooms file, or an edit that would leave one, refused.
final class RoomsFileTextTests: XCTestCase {
    private let news = NewRoom(id: "news", title: "News \"24\"", source: "https://example.test/news.m3u8")

    /// A file with its own spacing, key order, settings, `me` and a call: all of it stays.
    private let pretty = """
    {
      "settings": { "auto_pip": false },
      "rooms": [
        {
          "id": "a",   "title": "Ä one", "kind": "live", "source": "lavfi:testsrc2"
        },
        {"id": "b", "title": "Two", "kind": "live", "source": "/srv/two.mkv"}
      ],
      "me": {"name": "Zoë"}
    }

    """

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testAddingPutsTheRoomAfterTheLastInTheListsIndentationAndKeepsTheRest() throws {
        let edited = text(try RoomsFileText.adding(news, into: Array(pretty.utf8), fileName: "rooms.json"))
        let room = """
        ,
            {
              "id": "news",
              "title": "News \\"24\\"",
              "kind": "live",
              "source": "https://example.test/news.m3u8"
            }
        """
        let expected = pretty.replacingOccurrences(of: "\"/srv/two.mkv\"}\n", with: "\"/srv/two.mkv\"}" + room + "\n")
        XCTAssertEqual(edited, expected)
        let config = try RoomsFile.parse(Array(edited.utf8), fileName: "rooms.json")
        XCTAssertEqual(config.rooms.map(\.id), ["a", "b", "news"])
        XCTAssertEqual(config.rooms.last?.title, "News \"24\"")
        XCTAssertEqual(config.settings.autoPiP, false)
    }

    func testRemovingAndRestoringGivesBackTheSameBytesAtEveryPlace() throws {
        let three = try RoomsFileText.adding(news, into: Array(pretty.utf8), fileName: "rooms.json")
        for id in ["a", "b", "news"] {
            let removed = try RoomsFileText.removing(roomID: id, from: three, fileName: "rooms.json")
            let left = try RoomsFile.parse(removed.text, fileName: "rooms.json").rooms.map(\.id)
            XCTAssertEqual(left, ["a", "b", "news"].filter { $0 != id })
            XCTAssertTrue(removed.element.hasPrefix("{") && removed.element.hasSuffix("}"), removed.element)
            let restored = try RoomsFileText.restoring(removed.element, at: removed.index, into: removed.text,
                                                       fileName: "rooms.json")
            XCTAssertEqual(text(restored), text(three), "removing and restoring \(id)")
        }
    }

    func testOneLineListsAndAByteOrderMarkKeepTheirShape() throws {
        let oneLine = "\u{FEFF}{\"rooms\": [{\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"/a\"}]}"
        let edited = text(try RoomsFileText.adding(news, into: Array(oneLine.utf8), fileName: "r.json"))
        XCTAssertEqual(edited, "\u{FEFF}{\"rooms\": [{\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"/a\"}, "
                       + "{\"id\": \"news\", \"title\": \"News \\\"24\\\"\", \"kind\": \"live\", "
                       + "\"source\": \"https://example.test/news.m3u8\"}]}")
        let removed = try RoomsFileText.removing(roomID: "news", from: Array(edited.utf8), fileName: "r.json")
        XCTAssertEqual(text(removed.text), oneLine)
    }

    func testAFileWithServersAndNoRoomsListGetsOne() throws {
        let servers = """
        {
          "servers": [{"id": "s", "title": "S", "stats": "http://127.0.0.1:1/stat", "play": "rtmp://127.0.0.1:2/live/{stream}"}]
        }
        """
        let edited = try RoomsFileText.adding(news, into: Array(servers.utf8), fileName: "r.json")
        let config = try RoomsFile.parse(edited, fileName: "r.json")
        XCTAssertEqual(config.rooms.map(\.id), ["news"])
        XCTAssertEqual(config.servers.map(\.id), ["s"])
        XCTAssertTrue(text(edited).hasSuffix(servers.drop { $0 != "\n" }), text(edited))
        let empty = try RoomsFileText.removing(roomID: "news", from: edited, fileName: "r.json")
        XCTAssertTrue(text(empty.text).contains("\"rooms\": [],"), text(empty.text))
        let again = try RoomsFileText.restoring(empty.element, at: 0, into: empty.text, fileName: "r.json")
        XCTAssertEqual(try RoomsFile.parse(again, fileName: "r.json").rooms.map(\.id), ["news"])
    }

    func testABrokenFileIsRefusedWithItsProblemsPlace() {
        let broken = Array(pretty.replacingOccurrences(of: "\"Two\",", with: "\"Two\"").utf8)
        XCTAssertThrowsError(try RoomsFileText.adding(news, into: broken, fileName: "rooms.json")) { error in
            guard case .fileInvalid(let problems)? = error as? RoomsFileEditError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.problems.first?.position, TextPosition(line: 7, column: 32))
        }
        let unknownKey = Array(pretty.replacingOccurrences(of: "\"me\"", with: "\"mine\"").utf8)
        XCTAssertThrowsError(try RoomsFileText.removing(roomID: "a", from: unknownKey, fileName: "rooms.json"))
    }

    func testAnEditThatWouldBreakTheFileIsRefused() {
        let taken = NewRoom(id: "a", title: "Again", source: "/again.mkv")
        XCTAssertThrowsError(try RoomsFileText.adding(taken, into: Array(pretty.utf8), fileName: "rooms.json")) { error in
            guard case .resultInvalid? = error as? RoomsFileEditError else { return XCTFail("\(error)") }
        }
        let only = Array("{\"rooms\": [{\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"/a\"}]}".utf8)
        XCTAssertThrowsError(try RoomsFileText.removing(roomID: "a", from: only, fileName: "r.json")) { error in
            guard case .resultInvalid? = error as? RoomsFileEditError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try RoomsFileText.removing(roomID: "zz", from: only, fileName: "r.json")) { error in
            XCTAssertEqual(error as? RoomsFileEditError, .noSuchRoom("zz"))
        }
    }

    func testANewFileHoldsTheRoomAlone() throws {
        let file = try RoomsFileText.newFile(with: news, fileName: "r.json")
        XCTAssertEqual(try RoomsFile.parse(file, fileName: "r.json").rooms.map(\.title), ["News \"24\""])
        XCTAssertThrowsError(try RoomsFileText.newFile(with: NewRoom(id: "bad id", title: "T", source: "/x"), fileName: "r.json"))
    }
}
