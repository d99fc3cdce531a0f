import AppCore
import Rooms
import XCTest

/// R8: a Janus server in the rooms file and the call rooms on it.
final class RoomsJanusTests: XCTestCase {
    func testJanusServerAndItsCallRoomAreRead() throws {
        let text = """
        {"servers": [{"id": "sfu", "title": "Janus", "janus": "http://127.0.0.1:8088/janus"},
                     {"id": "ws", "title": "Janus WS", "janus": "ws://127.0.0.1:8188/"}],
         "rooms": [{"id": "weekly", "title": "Weekly", "kind": "call", "server": "sfu", "videoroom": 1234}]}
        """
        let config = try parseRooms(text).get()
        XCTAssertEqual(config.servers[0], LiveServer.janus(id: "sfu", title: "Janus", api: "http://127.0.0.1:8088/janus"))
        XCTAssertEqual(config.servers[0].janusAPI, "http://127.0.0.1:8088/janus")
        XCTAssertEqual(config.servers[0].calls, CallURLTemplate("http://127.0.0.1:8088/janus/videoroom/{room}~{participant}"))
        XCTAssertEqual(config.servers[1].calls, CallURLTemplate("ws://127.0.0.1:8188/videoroom/{room}~{participant}"))
        XCTAssertEqual(config.rooms, [Room(id: "weekly", title: "Weekly", media: .call(participants: []), callServerID: "sfu", videoRoom: 1234)])
        XCTAssertEqual(config.rooms[0].serverCallRoom, "1234")
    }

    func testParticipantsNamedByTheTemplateReadBack() throws {
        let template = try XCTUnwrap(LiveServer.janus(id: "s", title: "S", api: "http://h:8088/janus").calls)
        let member = CallMember(name: "Zoë · 李", tag: JanusFeedTag.tag(of: 8_907_199_254_740_991))
        XCTAssertEqual(member.tag.count, CallMember.maximumTagLength)
        let url = template.url(room: "1234", member: member)
        let stream = String(url.dropFirst("http://h:8088/janus/".count))
        XCTAssertEqual(template.member(ofStream: stream, application: template.application)?.member, member)
        XCTAssertNotEqual(JanusFeedTag.tag(of: 1), JanusFeedTag.tag(of: 2))
    }

    func testJanusMistakesAreReportedWithTheirPlace() {
        let text = """
        {"servers": [{"id": "sfu", "title": "Janus", "janus": "http://127.0.0.1:8088/janus", "stats": "http://x/stat"},
                     {"id": "bad", "title": "Bad", "janus": "rtmp://127.0.0.1/janus"},
                     {"id": "ok", "title": "OK", "janus": "http://127.0.0.1:8088/janus"},
                     {"id": "rtmp", "title": "RTMP", "stats": "http://127.0.0.1:8080/stat", "play": "rtmp://127.0.0.1/live/{stream}"}],
         "rooms": [{"id": "a", "title": "A", "kind": "call", "server": "ok"},
                   {"id": "b", "title": "B", "kind": "call", "server": "ok", "videoroom": 0},
                   {"id": "c", "title": "C", "kind": "live", "source": "lavfi:testsrc", "videoroom": 5},
                   {"id": "d", "title": "D", "kind": "call", "server": "ok", "videoroom": "1234"}]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:1:86: servers[0].stats: a Janus server takes \"id\", \"title\" and \"janus\" only; remove \"stats\"",
            "rooms.json:2:53: servers[1].janus: " + urlProblem("rtmp://127.0.0.1/janus"),
            "rooms.json:5:12: rooms[0]: missing field \"videoroom\" (the Janus VideoRoom room's number)",
            "rooms.json:6:83: rooms[1].videoroom: expected a VideoRoom room number, a whole number from 1 to 9007199254740991, found 0",
            "rooms.json:7:81: rooms[2].videoroom: only a call on a Janus server has a \"videoroom\"",
            "rooms.json:8:83: rooms[3].videoroom: expected a VideoRoom room number, a whole number from 1 to 9007199254740991, found a string",
        ])
    }

    /// The words a Janus server's URL of another scheme gets, so this test does not repeat them.
    private func urlProblem(_ url: String) -> String {
        ServerURLProblem.wrongScheme(url: url, allowed: ["http://", "https://", "ws://", "wss://"]).words
    }
}
