import AppCore
import AppCoreTestSupport
import Rooms
import XCTest

/// R7, W12: dropped playlists and rooms files add their rooms as sections; a drop on the float
/// replaces what it plays.
final class PlaylistDropTests: XCTestCase {
    func testADroppedPlaylistIsReadAndADroppedFileOpensInTheOpenedSection() {
        var state = F.start()
        let effects = state.reduce(.itemsGiven(["file:///media/tv%20lists/tv.m3u", "/media/clip.mp4",
                                                "https://tv.example/list.m3u?token=1"], from: .drop(.main)), now: 1)
        XCTAssertEqual(effects.filter { if case .readPlaylist = $0 { true } else { false } }, [
            .readPlaylist(.file(path: "/media/tv lists/tv.m3u"), serial: 1),
            .readPlaylist(.url("https://tv.example/list.m3u?token=1"), serial: 2),
        ])
        XCTAssertEqual(state.session.openRoomID, "opened-1", "the dropped media file opens")
        XCTAssertEqual(state.listedRooms.first?.media, .live(source: .file(path: "/media/clip.mp4")))
        let rooms = PlaylistRooms.read(Array("#EXTM3U\n#EXTINF:-1 group-title=\"Kids\",Cartoons\nhttp://tv.example/c.ts\n".utf8),
                                       from: .file(path: "/media/tv lists/tv.m3u"))
        _ = state.reduce(.playlistRead(.file(path: "/media/tv lists/tv.m3u"), serial: 1, rooms), now: 2)
        XCTAssertEqual(state.listedRooms.map(\.title).suffix(1), ["Cartoons"])
        XCTAssertEqual(state.listedRooms.sections.map(\.header), [.opened, .roomsFile, .playlist(title: "Kids", skippedLines: 0)])
        XCTAssertEqual(state.listedRooms.sections.map(\.start), [0, 1, 6])
    }

    func testADroppedRoomsFileAddsItsRoomsUnderIDsOfTheirOwn() {
        var state = F.start()
        _ = state.reduce(.itemsGiven(["/home/u/other/rooms.json"], from: .drop(.main)), now: 1)
        XCTAssertNil(state.session.openRoomID, "a list opens nothing by itself")
        let json = #"{"rooms": [{"id": "live-a", "title": "Their A", "kind": "live", "source": "lavfi:testsrc"}]}"#
        let address = PlaylistAddress.file(path: "/home/u/other/rooms.json")
        _ = state.reduce(.playlistRead(address, serial: 1, PlaylistRooms.read(Array(json.utf8), from: address)), now: 2)
        let theirs = state.listedRooms.last!
        XCTAssertEqual(theirs.title, "Their A")
        XCTAssertNotEqual(theirs.id, F.liveA.id, "a dropped file's room never takes the id of a room listed already")
        XCTAssertTrue(RoomsFile.isValidID(theirs.id))
        XCTAssertEqual(state.room(theirs.id)?.title, "Their A")
        let broken = PlaylistRooms.read(Array("{".utf8), from: address)
        _ = state.reduce(.itemsGiven(["/home/u/other/rooms.json"], from: .drop(.main)), now: 3)
        _ = state.reduce(.playlistRead(address, serial: 2, broken), now: 4)
        XCTAssertEqual(state.listedRooms.last?.title, "Their A", "a broken file keeps the rooms read before")
    }

    func testADroppedHLSPlaylistIsOneRoomThatOpens() {
        var state = F.start()
        let address = PlaylistAddress.file(path: "/media/show/index.m3u8")
        let effects = state.reduce(.itemsGiven(["/media/show/index.m3u8"], from: .drop(.main)), now: 1)
        XCTAssertTrue(effects.contains(.readPlaylist(address, serial: 1)))
        let hls = PlaylistRooms.read(Array("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg0.ts\n".utf8), from: address)
        _ = state.reduce(.playlistRead(address, serial: 1, hls), now: 2)
        XCTAssertEqual(state.listedRooms.last?.media, .live(source: .file(path: "/media/show/index.m3u8")))
        XCTAssertEqual(state.session.openRoomID, state.listedRooms.last?.id, "a dropped stream opens")
        XCTAssertEqual(state.main.list.selected, state.listedRooms.count - 1)
        _ = state.reduce(.itemsGiven(["/media/show/index.m3u8"], from: .drop(.main)), now: 3)
        _ = state.reduce(.playlistRead(address, serial: 2, hls), now: 4)
        XCTAssertEqual(state.listedRooms.count, F.rooms.count + 1, "dropped again, it is read again, not added twice")
    }

    func testADropOnTheFloatPlaysTheDroppedItemInTheFloat() {
        var state = F.floating(F.liveA)
        _ = state.reduce(.itemsGiven(["http://127.0.0.1:8000/other.ts"], from: .drop(.float)), now: 3)
        XCTAssertEqual(state.session.floatingRoomID, "opened-1")
        XCTAssertTrue(state.float.visible)
        XCTAssertNil(state.rooms[F.liveA.id], "the room that floated before is closed")

        var onMain = F.floating(F.liveA)
        _ = onMain.reduce(.itemsGiven(["http://127.0.0.1:8000/other.ts"], from: .drop(.main)), now: 3)
        XCTAssertNil(onMain.session.floatingRoomID, "dropped on the main window, the item opens there")
        XCTAssertEqual(onMain.session.openRoomID, "opened-1")
    }
}
