import Rooms
import XCTest

/// R7: the rooms file's `playlists`, and a playlist's entries made rooms.
final class RoomsPlaylistsTests: XCTestCase {
    func testPlaylistsAreReadAndAreARoomsSourceOfTheirOwn() throws {
        let config = try parseRooms("""
        {"playlists": [{"url": "https://tv.example/list.m3u", "refresh": 3600},
                       {"url": "lists/local.m3u8"}]}
        """).get()
        XCTAssertEqual(config.rooms, [])
        XCTAssertEqual(config.playlists, [
            PlaylistReference(address: .url("https://tv.example/list.m3u"), refresh: 3600),
            PlaylistReference(address: .file(path: "lists/local.m3u8")),
        ])
        XCTAssertEqual(roomsProblems(#"{"playlists": []}"#), ["rooms.json:1:1: top level: missing field \"rooms\""],
                       "an empty list of playlists is no rooms source")
    }

    func testBadPlaylistsAreRefusedAtTheirPlace() {
        let text = """
        {"playlists": [
          {"url": "ftp://tv.example/list.m3u"},
          {"url": "http:///list.m3u", "refresh": 5},
          {"refresh": "often"},
          {"url": "a\\u0007b.m3u", "every": 1}
        ]}
        """
        XCTAssertEqual(roomsProblems(text), [
            "rooms.json:2:11: playlists[0].url: a playlist is an http(s) URL or a path, not ftp:",
            "rooms.json:3:11: playlists[1].url: not an http(s) address with a host: \"http:///list.m3u\"",
            "rooms.json:3:42: playlists[1].refresh: expected a refresh in seconds, a number from 10 to 86400, found 5",
            "rooms.json:4:3: playlists[2]: missing field \"url\"",
            "rooms.json:4:15: playlists[2].refresh: expected a refresh in seconds, a number from 10 to 86400, found a string",
            "rooms.json:5:11: playlists[3].url: a playlist's address has no control characters, found U+7",
            "rooms.json:5:27: playlists[3].every: unknown field \"every\" (expected url or refresh)",
        ])
        XCTAssertEqual(roomsProblems(#"{"playlists": {}}"#), ["rooms.json:1:15: playlists: expected an array of playlists, found an object"])
    }

    func testEntriesBecomeRoomsByGroupWithIDsThatStayAcrossReads() throws {
        let text = """
        #EXTM3U
        #EXTINF:-1 group-title="News",Первый
        http://tv.example/1.m3u8
        #EXTINF:-1,Ungrouped
        http://tv.example/2.m3u8
        #EXTINF:-1 group-title="新闻",東京
        http://tv.example/3.m3u8
        #EXTINF:-1 group-title="News",Again
        http://tv.example/1.m3u8
        """
        let address = PlaylistAddress.url("http://tv.example/list.m3u")
        let playlist = try Playlist.parse(Array(text.utf8), location: XCTUnwrap(address.location))
        let rooms = PlaylistRooms(playlist, address: address)
        XCTAssertEqual(rooms.title, "list.m3u")
        XCTAssertEqual(rooms.rooms.map(\.title), ["Первый", "Again", "Ungrouped", "東京"])
        XCTAssertEqual(rooms.sections, [.init(title: "News", start: 0), .init(title: "list.m3u", start: 2),
                                        .init(title: "新闻", start: 3)])
        XCTAssertTrue(rooms.rooms.allSatisfy { RoomsFile.isValidID($0.id) }, "\(rooms.rooms.map(\.id))")
        XCTAssertEqual(Set(rooms.rooms.map(\.id)).count, 4, "a source listed twice gets a second id")
        XCTAssertEqual(rooms.rooms[1].id, rooms.rooms[0].id + "-2")
        XCTAssertEqual(rooms.indexByID[rooms.rooms[3].id], 3)
        let again = PlaylistRooms(try Playlist.parse(Array(("#EXTM3U\n#EXTINF:-1,Moved\nhttp://tv.example/3.m3u8\n").utf8),
                                                     location: XCTUnwrap(address.location)), address: address)
        XCTAssertEqual(again.rooms[0].id, rooms.rooms[3].id, "the same source in the same list keeps its id")
        let other = PlaylistRooms(playlist, address: .url("http://tv.example/other.m3u"))
        XCTAssertNotEqual(other.rooms[0].id, rooms.rooms[0].id, "another list's rooms have ids of their own")
    }

    func testAnHLSPlaylistIsOneRoom() {
        let rooms = PlaylistRooms(stream: .file(path: "/media/show/index.m3u8"))
        XCTAssertEqual(rooms.rooms.map(\.title), ["index.m3u8"])
        XCTAssertEqual(rooms.rooms.map(\.media), [.live(source: .file(path: "/media/show/index.m3u8"))])
        XCTAssertTrue(PlaylistAddress.isPlaylistPath("/a/B.M3U8"))
        XCTAssertTrue(PlaylistAddress.isPlaylistPath("http://h/list.m3u?token=1"))
        XCTAssertFalse(PlaylistAddress.isPlaylistPath("/a/rooms.json"))
    }
}
