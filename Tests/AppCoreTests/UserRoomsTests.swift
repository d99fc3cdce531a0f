import AccessibleTree
import AppCore
import AppCoreTestSupport
import EngineTerms
import PiPLayout
import Rooms
import TestSupport
import XCTest

/// The rooms the user adds and deletes (R6): a source is probed, then saved to the user's rooms
/// file and opened; nothing is saved while that file does not load or the app runs with
/// `--rooms`; Delete removes a room of the file with an Undo toast.
final class UserRoomsTests: XCTestCase {
    private let news = "https://example.test/live/news.m3u8"

    private func start(_ store: UserRooms.Store) -> AppState {
        var state = AppState(config: RoomsConfig(rooms: F.rooms), environment: AppEnvironment(metrics: F.metrics),
                             displays: [F.display], store: store)
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        return state
    }

    private func key(_ key: Key, ctrl: Bool = false) -> AppEvent {
        .key(key, window: .main, ctrl: ctrl, isRepeat: false)
    }

    private func saved(_ rooms: [Room], removed: (String, Int)? = nil) -> Result<UserRoomsSaved, RoomsSaveError> {
        .success(UserRoomsSaved(config: RoomsConfig(rooms: rooms), removed: removed))
    }

    func testAnAddedSourceIsProbedThenSavedAndOpened() {
        var state = start(.builtIn)
        XCTAssertEqual(state.reduce(.itemsGiven([" \(news)\n"], from: .locationField), now: 1), [.probeSource(serial: 1, source: news)])
        XCTAssertEqual(state.toasts.map(\.message), ["Adding “news.m3u8”…"], "a stream may take seconds to answer")
        let room = NewRoom(id: "evening-news", title: "Evening News", source: news)
        XCTAssertEqual(state.reduce(.sourceProbed(serial: 1, title: " Evening\nNews "), now: 2),
                       [.saveUserRooms(.add(room, seeded: true))], "the first save is seeded with the built-in rooms")
        XCTAssertEqual(state.userRooms.probing, [:])
        XCTAssertEqual(state.toasts, [], "the probe answered: the Adding toast goes")
        let added = Room(id: room.id, title: room.title, media: .live(source: .url(room.source)))
        let effects = state.reduce(.userRoomsSaved(.add(room, seeded: true), saved(F.rooms + [added])), now: 3)
        XCTAssertTrue(effects.contains(.openPlayback(added, delayLimit: nil)), "\(effects)")
        XCTAssertEqual(state.roomsFile.rooms.last, added)
        XCTAssertEqual(state.main.list.selected, F.rooms.count)
        XCTAssertEqual(state.userRooms.store, .userFile)
        XCTAssertEqual(state.session.openRoomID, added.id)
    }

    func testWithoutATitleTheAddressNamesTheRoomAndTakenIDsAreAvoided() {
        var state = start(.userFile)
        _ = state.reduce(.itemsGiven([news, "file:///srv/My%20Film.mkv"], from: .paste), now: 1)
        XCTAssertEqual(state.reduce(.sourceProbed(serial: 2, title: nil), now: 2),
                       [.saveUserRooms(.add(NewRoom(id: "my-film-mkv", title: "My Film.mkv", source: "/srv/My Film.mkv"),
                                             seeded: false))])
        XCTAssertEqual(state.reduce(.sourceProbed(serial: 2, title: nil), now: 2), [], "a probe answers once")
        XCTAssertEqual(UserRooms.newID(for: "Live A", taken: ["live-a", "live-a-2"]), "live-a-3")
        XCTAssertEqual(UserRooms.newID(for: "한국 뉴스", taken: []), "room")
    }

    func testWhileNothingCanBeSavedAddedItemsOpenForThisRunOnly() {
        var broken = start(.broken(.problems(1)))
        let effects = broken.reduce(.itemsGiven([news], from: .locationField), now: 1)
        XCTAssertFalse(effects.contains { if case .saveUserRooms = $0 { true } else if case .probeSource = $0 { true } else { false } })
        XCTAssertEqual(broken.toasts.map(\.message),
                       ["Not saved: your rooms file does not load (rooms.json:1:1: top level: missing field \"rooms\"); fix it first"])
        XCTAssertEqual(broken.opened.rooms.map(\.title), ["news.m3u8"], "opened for this run")
        XCTAssertEqual(broken.session.openRoomID, broken.opened.rooms.first?.id)
        var other = start(.elsewhere)
        _ = other.reduce(.itemsGiven([news], from: .paste), now: 1)
        XCTAssertEqual(other.toasts.map(\.message), ["Not saved: FloatApp runs with --rooms, whose file it does not change"])
        XCTAssertEqual(other.userRooms.probing, [:])
        XCTAssertEqual(other.opened.rooms.count, 1)
    }

    func testLinksRefusedItemsAndListedSourcesGoToTheOpenedSection() {
        var state = start(.userFile)
        let effects = state.reduce(.itemsGiven(["https://example.com/b.m3u8", "lavfi:testsrc2", news,
                                                "https://example.test/list.m3u"], from: .paste), now: 1)
        XCTAssertEqual(effects.filter { if case .probeSource = $0 { true } else { false } }, [.probeSource(serial: 1, source: news)])
        XCTAssertEqual(state.opened.rooms.count, 1, "the refused lavfi: item shows why in the Opened section")
        XCTAssertTrue(effects.contains { if case .readPlaylist = $0 { true } else { false } }, "a playlist is read as a list: \(effects)")
        XCTAssertEqual(state.session.openRoomID, F.liveB.id, "the listed room of the first item's source opens")
    }

    func testASourceOnlyInTheOpenedSectionIsSavedAndLeavesItWhenAddedAgain() throws {
        var state = start(.userFile)
        _ = state.reduce(.itemsGiven([news], from: .link), now: 1)
        let given = try XCTUnwrap(state.opened.rooms.first)
        XCTAssertEqual(state.session.openRoomID, given.id, "handed over: opened, not saved")
        XCTAssertEqual(state.reduce(.itemsGiven([news], from: .locationField), now: 2), [.probeSource(serial: 1, source: news)],
                       "added explicitly: kept in the rooms file")
        XCTAssertEqual(state.toasts.map(\.message), ["Adding “news.m3u8”…"])
        let room = NewRoom(id: "evening-news", title: "Evening News", source: news)
        XCTAssertEqual(state.reduce(.sourceProbed(serial: 1, title: "Evening News"), now: 3), [.saveUserRooms(.add(room, seeded: false))])
        let added = Room(id: room.id, title: room.title, media: .live(source: .url(news)))
        let effects = state.reduce(.userRoomsSaved(.add(room, seeded: false), saved(F.rooms + [added])), now: 4)
        XCTAssertTrue(effects.contains(.openPlayback(added, delayLimit: nil)), "\(effects)")
        XCTAssertEqual(state.opened.rooms, [], "moved out of the Opened section")
        XCTAssertEqual(state.listedRooms.filter { $0.media == added.media }.map(\.id), [added.id], "listed once")
        XCTAssertEqual(state.session.openRoomID, added.id)
        XCTAssertEqual(state.reduce(.itemsGiven([news], from: .paste), now: 5).filter { if case .probeSource = $0 { true } else { false } },
                       [], "a source the rooms file has just opens")
    }

    func testABrokenUserFileIsShownOverTheListUntilItLoads() {
        var state = start(.broken(.problems(4)))
        let notice = state.listViewModel(now: 1).notice
        XCTAssertEqual(notice?.lines.count, 5, "the meaning, three problems and a count")
        XCTAssertEqual(notice?.lines[1], "rooms.json:1:1: top level: missing field \"rooms\"")
        XCTAssertEqual(notice?.lines.last, "and 1 more problem")
        XCTAssertEqual(notice.map { $0.rect.maxY <= 600 }, true)
        _ = state.reduce(.roomsReloaded(RoomsConfig(rooms: [F.liveA])), now: 2)
        XCTAssertNil(state.listViewModel(now: 2).notice)
        XCTAssertEqual(state.userRooms.store, .userFile)
        _ = state.reduce(.roomsFileFailed(.problems(1)), now: 3)
        XCTAssertEqual(state.userRooms.store, .broken(.problems(1), builtInListed: false), "a user file edited into a broken one stops saves")
        XCTAssertEqual(state.listViewModel(now: 3).notice?.lines.first,
                       "Your rooms file no longer loads, so its rooms as last read are listed; nothing is saved to it until it is fixed:")
    }

    func testDeleteRemovesAUserRoomAndUndoPutsItBack() {
        var state = start(.userFile)
        state.main.list.selected = 1
        XCTAssertEqual(state.reduce(key(.delete), now: 1), [.saveUserRooms(.remove(F.liveB.id, title: F.liveB.title))])
        let rest = F.rooms.filter { $0 != F.liveB }
        _ = state.reduce(.userRoomsSaved(.remove(F.liveB.id, title: F.liveB.title), saved(rest, removed: ("{b}", 1))), now: 2)
        XCTAssertEqual(state.roomsFile.rooms, rest)
        XCTAssertEqual(state.toasts, [Toast(message: "Deleted “Live B”", until: 2 + UserRooms.undoDuration, action: .undoDelete)])
        let deleted = DeletedRoom(id: F.liveB.id, title: F.liveB.title, element: "{b}", index: 1, until: 2 + UserRooms.undoDuration)
        XCTAssertEqual(state.reduce(key(.letter("z"), ctrl: true), now: 3), [.saveUserRooms(.restore(deleted))])
        state.main.list.selected = 0
        XCTAssertEqual(state.reduce(.userRoomsSaved(.restore(deleted), saved(F.rooms)), now: 4), [], "nothing opens")
        XCTAssertEqual(state.main.list.selected, 1, "the room put back is selected")
        XCTAssertEqual(state.toasts, [])
        XCTAssertNil(state.userRooms.deleted)
    }

    func testTheToastsUndoIsTheLastTabStopAndEnterPressesIt() {
        var state = start(.userFile)
        state.main.list.selected = 1
        _ = state.reduce(key(.delete), now: 1)
        let rest = F.rooms.filter { $0 != F.liveB }
        _ = state.reduce(.userRoomsSaved(.remove(F.liveB.id, title: F.liveB.title), saved(rest, removed: ("{b}", 1))), now: 2)
        XCTAssertEqual(state.focusStops(.main, now: 2).map(\.id).last, "main/toast:button", "X7: below the list")
        _ = state.reduce(.key(.tab, window: .main, ctrl: false, shift: true, isRepeat: false), now: 2)
        let tree = state.accessibleTree(now: 2)
        XCTAssertEqual(tree.focused, "main/toast:button")
        XCTAssertEqual(tree.entry("main/toast:button")?.node.name, "Undo")
        let deleted = DeletedRoom(id: F.liveB.id, title: F.liveB.title, element: "{b}", index: 1, until: 2 + UserRooms.undoDuration)
        XCTAssertEqual(state.reduce(key(.enter), now: 3), [.saveUserRooms(.restore(deleted))])
    }

    func testDeleteDuringASearchDeletesTheShownSelectedRoom() {
        var state = start(.userFile)
        _ = state.reduce(.textTyped("Host", window: .main), now: 1)
        XCTAssertEqual(state.reduce(key(.delete), now: 2), [], "the search field has the keyboard: Delete edits its text")
        let row = state.listViewModel(now: 2).rows[0].rect
        _ = state.reduce(.pointerPressed(window: .main, x: row.x + 20, y: row.y + 20, global: Point(x: 0, y: 0), time: 3), now: 3)
        XCTAssertEqual(state.shownRooms.map(\.id), [F.host.id], "a click on a result leaves the search shown")
        XCTAssertEqual(state.reduce(key(.delete), now: 4), [.saveUserRooms(.remove(F.host.id, title: F.host.title))],
                       "the room of the selected result, not the list's first")
    }

    func testTheToastsUndoButtonIsClickedAndUndoEndsWithItsToast() throws {
        var state = start(.userFile)
        _ = state.reduce(key(.delete), now: 1)
        _ = state.reduce(.userRoomsSaved(.remove(F.liveA.id, title: F.liveA.title),
                                         saved(Array(F.rooms.dropFirst()), removed: ("{a}", 0))), now: 2)
        let button = try XCTUnwrap(state.toastLayout(now: 2).first?.button)
        let (x, y) = (button.x + button.w / 2, button.y + button.h / 2)
        XCTAssertEqual(state.reduce(.pointerPressed(window: .main, x: x, y: y, global: Point(x: 0, y: 0), time: 2), now: 2), [])
        let effects = state.reduce(.pointerReleased(window: .main, x: x, y: y, global: Point(x: 0, y: 0), time: 2,
                                                    overFloat: false), now: 2.1)
        guard case .saveUserRooms(.restore(let room))? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(room.index, 0)
        XCTAssertEqual(state.reduce(key(.letter("z"), ctrl: true), now: 2 + UserRooms.undoDuration), [], "too late")
    }

    func testOnlyTheUserFilesRoomsAreDeleted() {
        for store in [UserRooms.Store.builtIn, .elsewhere, .broken(.problems(1))] {
            var state = start(store)
            XCTAssertEqual(state.reduce(key(.delete), now: 1).filter { if case .log = $0 { false } else { true } }, [])
            XCTAssertEqual(state.toasts.map(\.message), ["“Live A” is not in your rooms file; only its rooms can be deleted"])
        }
    }

    func testASaveOfAFileThatStoppedLoadingIsToldAndStopsSaves() {
        var state = start(.userFile)
        let problems = RoomsFileError(problems: [RoomsFileProblem(fileName: "rooms.json", position: TextPosition(line: 3, column: 7),
                                                                  path: nil, reason: .syntax(.expectedValue, atEndOfFile: false))])
        let room = NewRoom(id: "x", title: "X", source: "/x.mkv")
        _ = state.reduce(.userRoomsSaved(.add(room, seeded: false), .failure(.edit(.fileInvalid(problems)))), now: 1)
        XCTAssertEqual(state.userRooms.store, .broken(.invalid(problems), builtInListed: false))
        XCTAssertEqual(state.toasts.count, 1)
        XCTAssertTrue(state.toasts[0].message.contains("rooms.json:3:7"), state.toasts[0].message)
        XCTAssertEqual(state.roomsFile.rooms, F.rooms)
    }
}
