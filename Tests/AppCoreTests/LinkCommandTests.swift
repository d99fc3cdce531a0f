import AppCore
import Rooms
import XCTest

/// W13: `floatapp --link ROOM_ID`: a room of the rooms file's link, or words saying why none.
final class LinkCommandTests: XCTestCase {
    private let local = LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
                                   calls: CallURLTemplate("rtmp://127.0.0.1/call/{room}~{participant}"))
    private var config: RoomsConfig {
        RoomsConfig(rooms: [
            Room(id: "news", title: "News", media: .live(source: .url("https://tv.example/news.m3u8"))),
            Room(id: "standup", title: "Stand-up", media: .call(participants: []), callServerID: "local"),
            Room(id: "pattern", title: "Pattern", media: .live(source: .lavfi(graph: "testsrc2"))),
        ], servers: [local])
    }

    func testALiveRoomAndACallOnAServerHaveLinksThatOpen() throws {
        let news = try LinkCommand.link("news", in: config, path: "rooms.json").get()
        XCTAssertEqual(news, "floatapp://live?title=News&url=https%3A%2F%2Ftv.example%2Fnews.m3u8")
        let standup = try LinkCommand.link("standup", in: config, path: "rooms.json").get()
        XCTAssertEqual(try InviteLink.parse(standup), .call(room: "standup", title: "Stand-up", server: local))
    }

    func testALocalSourceAndAnUnknownIDAreRefusedInWords() {
        guard case .failure(let lavfi) = LinkCommand.link("pattern", in: config, path: "rooms.json") else {
            return XCTFail("a lavfi room has a link")
        }
        XCTAssertTrue(lavfi.words.hasPrefix("room 'pattern' has no invite link: the room plays"), lavfi.words)
        guard case .failure(let unknown) = LinkCommand.link("nope", in: config, path: "-") else { return XCTFail("nope has a link") }
        XCTAssertEqual(unknown.words, "no room with id 'nope' in standard input")
    }
}
