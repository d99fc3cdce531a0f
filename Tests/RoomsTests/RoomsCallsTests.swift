import AppCore
import Rooms
import XCTest

/// R5: the rooms file's `me`, a server's `calls` template and call rooms held on a server.
final class RoomsCallsTests: XCTestCase {
    private static let local = """
    {"id": "local", "title": "Local", "stats": "http://127.0.0.1:8080/stat",
     "play": "rtmp://127.0.0.1:1935/live/{stream}", "calls": "rtmp://127.0.0.1:1935/call/{room}~{participant}"}
    """

    func testMeCallsAndServerCallRoomsAreRead() throws {
        let text = """
        {"me": {"name": "Ada Lovelace", "camera": "lavfi:testsrc2", "microphone": null},
         "servers": [\(Self.local)],
         "rooms": [{"id": "standup", "title": "Stand-up", "kind": "call", "server": "local"}]}
        """
        let config = try parseRooms(text).get()
        XCTAssertEqual(config.me, Me(name: "Ada Lovelace", camera: .source(.lavfi(graph: "testsrc2")), microphone: .none))
        XCTAssertEqual(config.servers[0].calls, CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))
        XCTAssertEqual(config.rooms, [Room(id: "standup", title: "Stand-up", media: .call(participants: []), callServerID: "local")])
        XCTAssertTrue(config.rooms[0].isServerCall)
    }

    func testEverythingInMeIsOptional() throws {
        let rooms = #""rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc"}]"#
        XCTAssertEqual(try parseRooms("{\(rooms)}").get().me, Me())
        XCTAssertEqual(try parseRooms(#"{"me": {}, \#(rooms)}"#).get().me, Me(name: nil, camera: .automatic, microphone: .automatic))
        XCTAssertEqual(try parseRooms(#"{"me": {"camera": null}, \#(rooms)}"#).get().me.camera, DeviceSetting.none)
        XCTAssertEqual(try parseRooms(#"{"me": {"microphone": "v4l2:/dev/video3"}, \#(rooms)}"#).get().me.microphone,
                       .source(.v4l2(device: "/dev/video3")))
    }

    func testBadMeIsRefusedWithItsPlace() {
        let long = String(repeating: "李", count: 40)
        let text = """
        {"me": {"name": "  ", "camera": "gopher://x", "microphone": 3, "voice": "x"},
         "rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc"}]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:17: me.name: must not be empty",
            "rooms.json:1:33: me.camera: unsupported scheme \"gopher\"",
            "rooms.json:1:61: me.microphone: expected a string, found a number",
            "rooms.json:1:64: me.voice: unknown field \"voice\" (expected name, camera or microphone)",
        ].map { $0.replacingOccurrences(of: "unsupported scheme \"gopher\"", with: sourceMessage("gopher://x")) })
        XCTAssertEqual(roomsProblems(#"{"me": {"name": "\#(long)"}, "rooms": [{"id": "a", "title": "A", "kind": "live", "source": "x"}]}"#), [
            "rooms.json:1:17: me.name: name too long for a stream name: 240 characters once encoded, at most 180",
        ])
        XCTAssertEqual(roomsProblems(#"{"me": {"name": "a\u0007b"}, "rooms": [{"id": "a", "title": "A", "kind": "live", "source": "x"}]}"#), [
            "rooms.json:1:17: me.name: a name has no control characters, found U+7",
        ])
        XCTAssertEqual(roomsProblems(#"{"me": [], "rooms": [{"id": "a", "title": "A", "kind": "live", "source": "x"}]}"#), [
            "rooms.json:1:8: me: expected an object, found an array",
        ])
    }

    /// The message the source parser gives, so this test does not repeat its wording.
    private func sourceMessage(_ text: String) -> String {
        do throws(SourceSpecError) {
            _ = try SourceSpec.parse(text)
            return ""
        } catch {
            return error.words
        }
    }

    func testBadCallsTemplatesAndCallRoomsAreRefusedWithTheirPlace() {
        let text = """
        {"servers": [
          {"id": "a", "title": "A", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}", "calls": "rtmp://h/call/{room}"},
          {"id": "b", "title": "B", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}", "calls": "rtmp://h/call/{room}{participant}"},
          {"id": "c", "title": "C", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}", "calls": "http://h/call/{room}~{participant}"},
          {"id": "d", "title": "D", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}", "calls": "rtmp://h/{room}~{participant}"},
          {"id": "e", "title": "E", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}"}
         ],
         "rooms": [
          {"id": "r1", "title": "R1", "kind": "call", "server": "e"},
          {"id": "r2", "title": "R2", "kind": "call", "server": "zz"},
          {"id": "r3", "title": "R3", "kind": "call", "server": "e", "participants": [{"name": "x", "source": "lavfi:x"}]},
          {"id": "r4", "title": "R4", "kind": "call", "participants": [{"name": "x", "source": "lavfi:x"}], "publish": "rtmp://h/x"}
         ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:98: servers[0].calls: a calls URL needs {room} and {participant} once each, in the stream name",
            "rooms.json:3:98: servers[1].calls: put a character other than A-Z, a-z, 0-9, _ and - between {room} and {participant} (e.g. ~)",
            "rooms.json:4:98: servers[2].calls: expected a URL starting with rtmp://, found \"http://h/call/{room}~{participant}\"",
            "rooms.json:5:98: servers[3].calls: a calls URL is rtmp://host/APPLICATION/STREAM, with {room} and {participant} in STREAM",
            "rooms.json:9:57: rooms[0].server: server \"e\" has no \"calls\" URL to hold calls on",
            "rooms.json:10:57: rooms[1].server: unknown server \"zz\" (servers: \"a\", \"b\", \"c\", \"d\" or \"e\")",
            "rooms.json:11:57: rooms[2].server: server \"e\" has no \"calls\" URL to hold calls on",
            "rooms.json:11:62: rooms[2].participants: a call on a server takes no \"participants\": the server lists who is in it",
            "rooms.json:12:101: rooms[3].publish: a call room does not broadcast; remove \"publish\" (joining sends your camera and microphone)",
        ])
    }
}
