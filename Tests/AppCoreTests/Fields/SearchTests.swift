@testable import AppCore
import Dispatch
import PiPLayout
import AppCoreTestSupport
import Rooms
import XCTest

/// W11: the list's search: typing or Ctrl+F focuses it, it filters by title, detail and
/// participants, the header counts the results, Esc clears then leaves, and the list's keys,
/// pointer and stats work on the results.
final class SearchTests: XCTestCase {
    static let rooms = [
        Room(id: "cafe", title: "Café del Mar", media: .live(source: .lavfi(graph: "testsrc2"))),
        Room(id: "strasse", title: "Straßenfest", media: .live(source: .lavfi(graph: "testsrc2"))),
        Room(id: "korea", title: "한국 뉴스", media: .live(source: .lavfi(graph: "testsrc2"))),
        Room(id: "standup", title: "Standup", media: .call(participants: [
            Participant(name: "Zoë", source: .lavfi(graph: "testsrc2")),
            Participant(name: "Ann", source: .lavfi(graph: "testsrc2")),
        ])),
    ]

    private func start() -> AppState { F.start(rooms: Self.rooms) }

    private func typed(_ text: String) -> AppEvent { .textTyped(text, window: .main) }

    private func shownIDs(_ state: AppState) -> [RoomID] { state.shownRooms.map(\.id) }

    func testTypingInTheListFocusesTheSearchAndFiltersAsTyped() {
        var state = start()
        XCTAssertTrue(state.wantsTextInput, "the list takes typed text")
        _ = state.reduce(typed("s"), now: 1)
        XCTAssertEqual(state.fields.focused, .search)
        XCTAssertEqual(shownIDs(state).count, 4, "every row's detail holds an s (Live stream, participants)")
        _ = state.reduce(typed("t"), now: 1.1)
        _ = state.reduce(typed("r"), now: 1.2)
        XCTAssertEqual(shownIDs(state), ["cafe", "strasse", "korea"], "Live stream holds str")
        _ = state.reduce(typed("aß"), now: 1.3)
        XCTAssertEqual(state.fields.search.text, "straß")
        XCTAssertEqual(shownIDs(state), ["strasse"])
        let list = state.listViewModel(now: 2)
        XCTAssertEqual(list.countLabel, "1 of 4 rooms")
        XCTAssertEqual(list.rows.map(\.id), ["strasse"])
        XCTAssertEqual(list.field.text, "straß")
        XCTAssertTrue(list.field.isFocused)
        XCTAssertFalse(list.noneMatch)
    }

    func testCaseAccentsCJKAndParticipantsAreFound() {
        for (query, found) in [("CAFE", ["cafe"]), ("strasse", ["strasse"]), ("국", ["korea"]), ("zoe", ["standup"]),
                               ("ann zoë", ["standup"]), ("café mar", ["cafe"])] {
            var state = start()
            _ = state.reduce(.key(.letter("f"), window: .main, ctrl: true, isRepeat: false), now: 1)
            _ = state.reduce(typed(query), now: 1)
            XCTAssertEqual(shownIDs(state), found, query)
        }
    }

    func testNoMatchSaysSoAndEscClearsThenLeavesTheField() {
        var state = start()
        _ = state.reduce(typed("xyz"), now: 1)
        let list = state.listViewModel(now: 1)
        XCTAssertTrue(list.noneMatch)
        XCTAssertEqual(list.countLabel, "0 of 4 rooms")
        XCTAssertTrue(list.rows.isEmpty)
        _ = state.reduce(F.key(.escape), now: 2)
        XCTAssertEqual(state.fields.search.text, "", "the first Esc clears")
        XCTAssertEqual(state.fields.focused, .search)
        XCTAssertEqual(shownIDs(state), Self.rooms.map(\.id))
        XCTAssertEqual(state.listViewModel(now: 2).countLabel, "4 rooms")
        _ = state.reduce(F.key(.escape), now: 3)
        XCTAssertNil(state.fields.focused, "the second Esc leaves the field")
        _ = state.reduce(.key(.letter("z"), window: .main, ctrl: true, isRepeat: false), now: 4)
        XCTAssertEqual(state.fields.search.text, "", "a key with no field focused edits nothing")
    }

    func testArrowsPageKeysAndEnterWorkOnTheResultsWhileTyping() {
        var state = start()
        _ = state.reduce(typed("ar"), now: 1)
        XCTAssertEqual(shownIDs(state), ["cafe", "standup"], "Café del Mar, and a call of 2 participants")
        XCTAssertEqual(state.main.list.selected, 0)
        _ = state.reduce(F.key(.pageDown), now: 1)
        XCTAssertEqual(state.main.list.selected, 1, "Page Down stops at the last result")
        _ = state.reduce(F.key(.up), now: 1)
        XCTAssertEqual(state.main.list.selected, 0)
        _ = state.reduce(F.key(.down), now: 1)
        XCTAssertEqual(state.fields.search.text, "ar", "the arrows leave the text alone")
        let effects = state.reduce(F.key(.enter), now: 2)
        XCTAssertEqual(state.session.openRoomID, "standup", "Enter opens the selected result")
        XCTAssertTrue(effects.contains { if case .openPlayback(let room, _) = $0 { room.id == "standup" } else { false } })
        XCTAssertFalse(state.wantsTextInput, "a room's view takes its keys as shortcuts")
    }

    func testSpaceOpensTheSelectedRoomWithoutStartingASearch() {
        var state = start()
        _ = state.reduce(F.key(.space), now: 1)
        _ = state.reduce(typed(" "), now: 1)
        XCTAssertNil(state.fields.focused)
        XCTAssertEqual(state.fields.search.text, "")
        XCTAssertEqual(state.session.openRoomID, "cafe")
    }

    func testTheSelectedRoomStaysSelectedWhileTheResultsChange() {
        var state = start()
        _ = state.reduce(F.key(.down), now: 1)
        _ = state.reduce(F.key(.down), now: 1)
        XCTAssertEqual(state.shownRooms[state.main.list.selected].id, "korea")
        _ = state.reduce(typed("뉴"), now: 2)
        XCTAssertEqual(state.main.list.selected, 0)
        _ = state.reduce(F.key(.escape), now: 3)
        XCTAssertEqual(state.shownRooms[state.main.list.selected].id, "korea", "clearing keeps the result selected")
    }

    func testARowClickedInTheResultsIsTheResultsRowAndTheFieldLetsGo() {
        var state = start()
        _ = state.reduce(typed("sta"), now: 1)
        XCTAssertEqual(shownIDs(state), ["standup"])
        // The first row sits below the 64 px header and half the 16 px padding.
        let row = state.listLayout(state.shownRooms).rowRect(0, scroll: 0, width: 960)
        _ = state.reduce(.pointerPressed(window: .main, x: row.x + 100, y: row.y + 20, global: .init(x: 0, y: 0), time: 2), now: 2)
        XCTAssertNil(state.fields.focused, "a press in the rows leaves the field")
        let effects = state.reduce(.pointerReleased(window: .main, x: row.x + 100, y: row.y + 20, global: .init(x: 0, y: 0), time: 2,
                                                    overFloat: false), now: 2)
        XCTAssertEqual(state.session.openRoomID, "standup")
        XCTAssertFalse(effects.isEmpty)
    }

    func testListShownReportsTheFilteredRowsAndCount() {
        var state = start()
        _ = state.reduce(typed("straß"), now: 1)
        let effects = state.reduceLogged(.painted(.main), now: 1)
        XCTAssertTrue(effects.contains(.stats(.listShown(count: "1 of 4 rooms", statuses: ["Idle"]))), "\(effects)")
    }

    func testPreeditStartsTheSearchAndIsShownUnderlinedUntilCommitted() {
        var state = start()
        _ = state.reduce(.textEdited("하", start: 1, length: 0, window: .main), now: 1)
        XCTAssertEqual(state.fields.focused, .search)
        XCTAssertEqual(state.fields.search.text, "", "a composition is not text yet")
        var field = state.listViewModel(now: 1).field
        XCTAssertEqual(field.text, "하")
        XCTAssertEqual(field.preedit, 0..<1)
        _ = state.reduce(typed("한"), now: 1.1)
        _ = state.reduce(.textEdited("구", start: 1, length: 0, window: .main), now: 1.2)
        field = state.listViewModel(now: 1.2).field
        XCTAssertEqual(field.text, "한구")
        XCTAssertEqual(field.preedit, 1..<2)
        XCTAssertEqual(shownIDs(state), ["korea"], "the committed text filters")
        _ = state.reduce(.textEdited("", start: 0, length: 0, window: .main), now: 1.3)
        _ = state.reduce(typed("국"), now: 1.3)
        XCTAssertEqual(state.fields.search.text, "한국")
        XCTAssertNil(state.listViewModel(now: 2).field.preedit)
        XCTAssertEqual(shownIDs(state), ["korea"])
    }

    func testAnOpenedItemIsFoundByTheAddressItsRowShows() {
        var state = start()
        _ = state.reduce(.itemsGiven(["https://tv.example/news/index.m3u8"], from: .paste), now: 1)
        _ = state.reduce(F.key(.escape), now: 1)
        _ = state.reduce(.key(.letter("f"), window: .main, ctrl: true, isRepeat: false), now: 2)
        _ = state.reduce(typed("TV.EXAMPLE"), now: 2)
        XCTAssertEqual(state.shownRooms.count, 1)
        XCTAssertEqual(state.listViewModel(now: 2).rows.first?.detail, "https://tv.example/news/index.m3u8")
    }

    func testAHundredThousandRoomsAreFoldedAtTheFirstKeyAndOnlySearchedAtTheNext() {
        let address = PlaylistAddress.url("http://127.0.0.1:8000/tv.m3u")
        let text = "#EXTM3U\n" + (0..<100_000).map { "#EXTINF:-1 group-title=\"G\($0 / 1000)\",Chaîne \($0)\nhttp://h/\($0).ts" }
            .joined(separator: "\n")
        guard case .success(let playlist) = PlaylistRooms.read(Array(text.utf8), from: address) else { return XCTFail("the list parses") }
        var state = AppState(config: RoomsConfig(rooms: [F.liveA], playlists: [PlaylistReference(address: address, refresh: nil)]),
                             environment: AppEnvironment(metrics: F.metrics), displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 0.5)
        _ = state.reduce(.playlistRead(address, serial: 1, .success(playlist)), now: 0.6)
        XCTAssertEqual(state.listedRooms.count, 100_001)
        let first = Self.seconds { _ = state.reduceLogged(typed("c"), now: 1) }
        XCTAssertEqual(state.shownRooms.count, 100_001, "every Chaîne, and Live A's Audience")
        let next = Self.seconds { for character in "haine 9999" { _ = state.reduceLogged(typed(String(character)), now: 1) } } / 10
        let found = (0..<100_000).filter { String($0).contains("9999") }.map { "Chaîne \($0)" }
        XCTAssertEqual(state.shownRooms.map(\.title), found)
        let key = Self.seconds { for _ in 0..<100 { _ = state.reduceLogged(F.key(.down), now: 2) } } / 100
        XCTAssertEqual(state.shownRooms[state.main.list.selected].title, "Chaîne 99999", "Down stops at the last result")
        XCTAssertEqual(state.listViewModel(now: 2).countLabel, "\(found.count) of 100001 rooms")
        // Timed, not asserted (a unit test that times flakes): printed for the record.
        print(String(format: "100,001 rooms: the first key (every room folded) %.0f ms, each next key %.1f ms, Down in the results %.2f ms",
                     first * 1000, next * 1000, key * 1000))
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func testTextTypedWhileACallLinkAsksIsNotASearch() throws {
        var state = start()
        let server = LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                                play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
                                calls: CallURLTemplate("rtmp://127.0.0.1/call/{room}~{participant}"))
        _ = state.reduce(.itemsGiven([InviteLink.call(room: "standup", title: "Stand-up", server: server).text], from: .link), now: 1)
        XCTAssertNotNil(state.callLinks.asking)
        XCTAssertFalse(state.wantsTextInput, "the question over the list takes no text")
        _ = state.reduce(typed("y"), now: 2)
        _ = state.reduce(.textEdited("하", start: 1, length: 0, window: .main), now: 2)
        XCTAssertNil(state.fields.focused)
        XCTAssertEqual(state.fields.search.text, "")
        XCTAssertNil(state.fields.search.preedit)
    }

    func testTextTypedInARoomsViewIsNotASearch() {
        var state = F.open(F.liveA)
        XCTAssertFalse(state.wantsTextInput)
        _ = state.reduce(typed("p"), now: 2)
        XCTAssertNil(state.fields.focused)
        XCTAssertEqual(state.fields.search.text, "")
    }
}
