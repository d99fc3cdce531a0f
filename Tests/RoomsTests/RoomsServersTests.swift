import Foundation
import Rooms
import XCTest

/// R2: the rooms file's live servers and host rooms that go live.
final class RoomsServersTests: XCTestCase {
    private static let local = """
    {"id": "local", "title": "Local", "stats": "http://127.0.0.1:8080/stat",
     "play": "rtmp://127.0.0.1:1935/live/{stream}", "publish": "rtmp://127.0.0.1:1935/live/{stream}"}
    """

    func testServersAndHostRoomsAreRead() throws {
        let text = """
        {"servers": [\(Self.local),
           {"id": "tv", "title": "TV", "stats": "https://tv.example/stat", "play": "hls+https://tv.example/hls/{stream}.m3u8"}],
         "rooms": [
           {"id": "me", "title": "Me", "kind": "live", "role": "host", "source": "lavfi:testsrc2", "server": "local"},
           {"id": "desk", "title": "Desk", "kind": "live", "role": "host", "source": "x11grab::0",
            "publish": "rtmp://example.org/app/{stream}?key=1", "bitrate": 4000},
           {"id": "cam", "title": "Cam", "kind": "live", "role": "host", "source": "v4l2:/dev/video0"}]}
        """
        let config = try parseRooms(text).get()
        XCTAssertEqual(config.servers, [
            LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                       play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
                       publish: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}")),
            LiveServer(id: "tv", title: "TV", stats: "https://tv.example/stat",
                       play: StreamURLTemplate("hls+https://tv.example/hls/{stream}.m3u8")),
        ])
        XCTAssertEqual(config.rooms.map(\.broadcast), [
            Broadcast(publishURL: "rtmp://127.0.0.1:1935/live/me", serverID: "local", videoBitrate: 2_500_000),
            Broadcast(publishURL: "rtmp://example.org/app/desk?key=1", serverID: nil, videoBitrate: 4_000_000),
            nil,
        ])
    }

    func testAFileWithOnlyServersIsValidAndOldFilesStayValid() throws {
        let onlyServers = try parseRooms(#"{"servers": [\#(Self.local)]}"#).get()
        XCTAssertEqual(onlyServers.rooms, [])
        XCTAssertEqual(onlyServers.servers.map(\.id), ["local"])
        let old = try parseRooms(#"{"rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc"}]}"#).get()
        XCTAssertEqual(old.servers, [])
        XCTAssertNil(old.rooms[0].broadcast)
        XCTAssertEqual(roomsProblems(#"{"servers": []}"#), ["rooms.json:1:1: top level: missing field \"rooms\""])
    }

    func testTemplatesPercentEncodeTheStreamName() {
        let template = StreamURLTemplate("rtmp://h/live/{stream}?again={stream}")
        XCTAssertEqual(template.url(forStream: "cam-1_a.b~c"), "rtmp://h/live/cam-1_a.b~c?again=cam-1_a.b~c")
        XCTAssertEqual(template.url(forStream: "a b/é?"), "rtmp://h/live/a%20b%2F%C3%A9%3F?again=a%20b%2F%C3%A9%3F")
    }

    func testBadServersAreRefusedWithTheirPlace() {
        let text = """
        {"servers": [
          {"id": "a", "title": "A", "stats": "ftp://h/stat", "play": "rtmp://h/live/"},
          {"id": "a", "title": "", "stats": "http://h/{stream}", "play": "gopher://h/{stream}", "publish": "http://h/{stream}"},
          {"id": "b b", "stats": "http:///stat", "play": "rtmp://h/{stream}/{app}", "key": 1},
          {"title": "T", "stats": "http://h/stat", "play": "rtmp://h x/{stream}"}
        ], "rooms": [{"id": "r", "title": "R", "kind": "live", "source": "lavfi:testsrc"}]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:38: servers[0].stats: expected a URL starting with http://, https://, found \"ftp://h/stat\"",
            "rooms.json:2:62: servers[0].play: missing {stream} in \"rtmp://h/live/\" (the stream's name goes there)",
            "rooms.json:3:10: servers[1].id: duplicate server id \"a\" (first at servers[0])",
            "rooms.json:3:24: servers[1].title: must not be empty",
            "rooms.json:3:37: servers[1].stats: the statistics URL takes no {stream}",
            "rooms.json:3:66: servers[1].play: expected a URL starting with rtmp://, http://, https://, hls+http://, hls+https://, found \"gopher://h/{stream}\"",
            "rooms.json:3:100: servers[1].publish: expected a URL starting with rtmp://, found \"http://h/{stream}\"",
            "rooms.json:4:3: servers[2]: missing field \"title\"",
            "rooms.json:4:10: servers[2].id: invalid id \"b b\": use 1 to 64 characters from A-Z, a-z, 0-9, _ and -",
            "rooms.json:4:26: servers[2].stats: \"http:///stat\" has no host after \"http://\"",
            "rooms.json:4:50: servers[2].play: unknown placeholder in \"rtmp://h/{stream}/{app}\" (only {stream} is replaced)",
            "rooms.json:4:77: servers[2].key: unknown field \"key\" (expected id, title, stats, play, publish, calls or janus)",
            "rooms.json:5:3: servers[3]: missing field \"id\"",
            "rooms.json:5:52: servers[3].play: a URL has no spaces or control characters, found U+20",
        ])
    }

    func testBroadcastFieldsAreCheckedAgainstRoleAndServers() {
        let text = """
        {"servers": [{"id": "tv", "title": "TV", "stats": "http://h/stat", "play": "rtmp://h/live/{stream}"}],
         "rooms": [
          {"id": "a", "title": "A", "kind": "live", "source": "lavfi:x", "server": "tv"},
          {"id": "b", "title": "B", "kind": "live", "role": "host", "source": "lavfi:x", "server": "tv"},
          {"id": "c", "title": "C", "kind": "live", "role": "host", "source": "lavfi:x", "server": "nope"},
          {"id": "d", "title": "D", "kind": "live", "role": "host", "source": "lavfi:x", "publish": "rtmp://h/x", "server": "tv"},
          {"id": "e", "title": "E", "kind": "live", "role": "host", "source": "lavfi:x", "bitrate": 50},
          {"id": "f", "title": "F", "kind": "live", "role": "host", "source": "lavfi:x", "publish": "srt://h/x", "bitrate": 1.5}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:3:66: rooms[0].server: only a live room with \"role\": \"host\" broadcasts; remove \"server\"",
            "rooms.json:4:92: rooms[1].server: server \"tv\" has no \"publish\" URL to go live to",
            "rooms.json:5:92: rooms[2].server: unknown server \"nope\" (servers: \"tv\")",
            "rooms.json:6:107: rooms[3].server: use \"publish\" or \"server\", not both",
            "rooms.json:7:82: rooms[4].bitrate: \"bitrate\" needs \"publish\" or \"server\" to go live to",
            "rooms.json:7:93: rooms[4].bitrate: expected a bitrate in kbit/s, a whole number from 100 to 50000, found 50",
            "rooms.json:8:93: rooms[5].publish: expected a URL starting with rtmp://, found \"srt://h/x\"",
            "rooms.json:8:117: rooms[5].bitrate: expected a bitrate in kbit/s, a whole number from 100 to 50000, found 1.5",
        ])
    }
}

/// The example rooms file for `make server` is valid and points at the server the script starts.
final class RoomsLocalServerAssetTests: XCTestCase {
    func testTheLocalServerExampleIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try Data(contentsOf: root.appendingPathComponent("assets/rooms-local-server.json"))
        let config = try RoomsFile.parse(bytes, fileName: "rooms-local-server.json")
        let script = try String(contentsOf: root.appendingPathComponent("scripts/server.sh"), encoding: .utf8)
        XCTAssertTrue(script.contains("RTMP_PORT:-1935") && script.contains("HTTP_PORT:-8080"))
        let nginx = config.servers.filter { $0.janusAPI == nil }
        XCTAssertEqual(nginx.map(\.stats), ["http://127.0.0.1:8080/stat", "http://127.0.0.1:8080/stat"])
        XCTAssertEqual(nginx.map { $0.play.url(forStream: "studio") },
                       ["rtmp://127.0.0.1:1935/live/studio", "http://127.0.0.1:8080/hls/studio.m3u8"])
        XCTAssertTrue(script.contains("JANUS_HTTP_PORT:-8088"))
        XCTAssertEqual(config.servers.compactMap(\.janusAPI), ["http://127.0.0.1:8088/janus"],
                       "the Janus server the script starts, its HTTP API on the script's default port")
        XCTAssertTrue(script.contains("location /hls/"), "the script serves the HLS section's playlists")
        XCTAssertEqual(config.rooms.compactMap(\.broadcast?.publishURL),
                       ["rtmp://127.0.0.1:1935/live/studio", "rtmp://127.0.0.1:1935/live/desk"])
        XCTAssertEqual(config.servers.first?.calls?.url(room: "standup", participant: "Ada"), "rtmp://127.0.0.1:1935/call/standup~Ada")
        XCTAssertTrue(script.contains("application call"), "the script holds the example's calls")
        XCTAssertEqual(config.rooms.filter(\.isServerCall).map(\.id), ["standup", "janus-call"])
        XCTAssertEqual(config.rooms.first { $0.id == "janus-call" }?.videoRoom, 1234, "a room the project's Janus config holds")
        let janusConfig = try String(contentsOf: root.appendingPathComponent("scripts/janus/janus.plugin.videoroom.jcfg"), encoding: .utf8)
        XCTAssertTrue(janusConfig.contains("room-1234"), "the script's Janus holds the example's call")
    }
}
