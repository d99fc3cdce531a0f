import AppCore
import AppCoreTestSupport
import EngineTerms
import Rooms
import XCTest

/// R6: items handed to the app (arguments, links, drops, pastes) become the list's "Opened"
/// section, the first of a hand-over opens, and a bad item is a room that says why.
final class OpenedItemsTests: XCTestCase {
    private let news = "https://tv.example/live/news.m3u8"

    /// The start state of a run started in `/home/u`, `--float` without `--open` when `float`.
    private func start(float: Bool = false) -> AppState {
        F.start(environment: AppEnvironment(metrics: F.metrics, currentDirectory: "/home/u", floatGivenItem: float))
    }

    private func opened(_ id: RoomID, _ title: String, _ source: SourceSpec) -> Room {
        Room(id: id, title: title, media: .live(source: source))
    }

    func testCommandLineItemsComeFirstUnderAnOpenedHeaderAndTheFirstOpens() {
        var state = start()
        let first = opened("opened-1", "news.m3u8", .url(news))
        let effects = state.reduce(.itemsGiven([news, "clips/../clips/a%20b.mkv", "ftp://files.example/x.ts"], from: .commandLine),
                                   now: 1)
        XCTAssertEqual(effects, [
            .log(.info, "opened-1 added: news.m3u8"),
            .log(.info, "opened-2 added: a%20b.mkv"),
            .log(.warn, "Cannot open “ftp://files.example/x.ts”: unsupported scheme \"ftp:\" (http, https, rtmp, rtsp, srt and udp URLs, files and floatapp:// links open)"),
            .openPlayback(first, delayLimit: nil), .setAudio("opened-1", muted: false, volume: 1),
            .log(.info, "opened opened-1"), .resetMainVideo,
            .setVideo("opened-1", source: 0, video(960, 600)),
        ])
        XCTAssertEqual(state.listedRooms.map(\.id), ["opened-1", "opened-2", "opened-3"] + F.rooms.map(\.id))
        XCTAssertEqual(state.listedRooms[1], opened("opened-2", "a%20b.mkv", .file(path: "/home/u/clips/a%20b.mkv")),
                       "a path is not percent-decoded: % is a character of file names")
        XCTAssertEqual(state.session.openRoomID, "opened-1")
        XCTAssertEqual(state.rooms["opened-1"], justOpened(first, at: 1))
        XCTAssertEqual(state.toasts.map(\.message), ["Cannot open “ftp://files.example/x.ts”: unsupported scheme \"ftp:\" (http, https, rtmp, rtsp, srt and udp URLs, files and floatapp:// links open)"])

        _ = state.reduce(F.key(.escape), now: 2)
        let list = state.listViewModel(now: 2)
        XCTAssertEqual(list.sections.map(\.text), ["Opened", "Rooms"])
        XCTAssertEqual(list.sections.map(\.rect.y), [72, 72 + 4 * 72], "Opened heads the list; Rooms heads the file's rooms")
        XCTAssertEqual(list.rows.prefix(4).map(\.title), ["news.m3u8", "a%20b.mkv", "ftp://files.example/x.ts", "Live A"])
        XCTAssertEqual(list.rows.prefix(3).map(\.detail), [news, "/home/u/clips/a%20b.mkv", "unsupported scheme \"ftp:\" (http, https, rtmp, rtsp, srt and udp URLs, files and floatapp:// links open)"])
        XCTAssertEqual(list.rows.prefix(4).map(\.status), [.idle, .idle, .error, .idle])
        XCTAssertEqual(list.countLabel, "8 rooms")
    }

    func testAnItemOfAListedSourceOpensThatRoomInsteadOfAddingOne() {
        var state = start()
        _ = state.reduce(.itemsGiven(["  https://example.com/b.m3u8\n", "file:///tmp/a.mp4", news, news], from: .paste), now: 1)
        XCTAssertEqual(state.opened.items.map(\.room.id), ["opened-1"], "one room for the two same URLs, none for listed ones")
        XCTAssertEqual(state.session.openRoomID, "live-b")
        XCTAssertEqual(state.main.list.selected, 2, "live-b is the second room after the opened one")

        _ = state.reduce(.itemsGiven([news], from: .link), now: 2)
        XCTAssertEqual(state.opened.items.count, 1)
        XCTAssertEqual(state.session.openRoomID, "opened-1", "the listed room of the same URL opens, replacing the open one")
        XCTAssertNil(state.rooms["live-b"])
        XCTAssertEqual(state.main.list.selected, 0)
    }

    func testEachHandOverAppendsAndItsFirstItemOpens() {
        var state = start()
        _ = state.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        let effects = state.reduce(.itemsGiven(["rtmp://127.0.0.1/live/cam", "srt://127.0.0.1:9000"], from: .otherInstance), now: 2)
        XCTAssertEqual(effects.first(where: { if case .closePlayback = $0 { true } else { false } }), .closePlayback("opened-1"))
        XCTAssertEqual(state.opened.rooms.map(\.title), ["news.m3u8", "cam", "127.0.0.1:9000"])
        XCTAssertEqual(state.session.openRoomID, "opened-2")
        XCTAssertEqual(state.main.list.selected, 1)
        XCTAssertEqual(state.opened.nextNumber, 4)
    }

    func testAFloatingRoomIsReleasedWhenAHandOverOpensItsFirst() {
        var state = F.floating(F.liveA)
        XCTAssertEqual(state.session.floatingRoomID, "live-a")
        let effects = state.reduce(.itemsGiven([news], from: .drop(.main)), now: 3)
        XCTAssertTrue(effects.contains(.closePlayback("live-a")), "\(effects)")
        XCTAssertNil(state.session.floatingRoomID)
        XCTAssertFalse(state.float.visible)
        XCTAssertEqual(state.session.openRoomID, "opened-1")
    }

    func testFloatWithoutOpenFloatsTheFirstCommandLineItemOnly() {
        var state = start(float: true)
        _ = state.reduce(.started(openRoom: nil, float: true), now: 0.5)
        _ = state.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        XCTAssertEqual(state.session.floatingRoomID, "opened-1")
        XCTAssertTrue(state.float.visible)

        var pasted = start(float: true)
        _ = pasted.reduce(.itemsGiven([news], from: .paste), now: 1)
        XCTAssertNil(pasted.session.floatingRoomID, "--float is the command line's")
        XCTAssertEqual(pasted.session.openRoomID, "opened-1")
    }

    func testTheCommandLinesOpenRoomWinsOverItsItemsAndAMissingOneLeavesThemTheirTurn() {
        var state = start()
        _ = state.reduce(.started(openRoom: "live-b", float: false), now: 0.5)
        _ = state.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        XCTAssertEqual(state.session.openRoomID, "live-b")
        XCTAssertEqual(state.opened.rooms.map(\.id), ["opened-1"])

        var missing = start()
        _ = missing.reduce(.started(openRoom: "nowhere", float: false), now: 0.5)
        _ = missing.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        XCTAssertEqual(missing.session.openRoomID, "opened-1")
    }

    func testRelativePathsAreReadOnlyAgainstTheCommandLinesDirectory() {
        var state = start()
        _ = state.reduce(.itemsGiven(["talk.mkv"], from: .commandLine), now: 1)
        _ = state.reduce(.itemsGiven(["talk.mkv"], from: .paste), now: 2)
        XCTAssertEqual(state.opened.rooms.map(\.media), [.live(source: .file(path: "/home/u/talk.mkv")), .live(source: .url("talk.mkv"))])
        XCTAssertEqual(state.opened.items[1].refusal, .relativePath)
        XCTAssertEqual(state.session.openRoomID, "opened-1", "a refused item's room never opens")
        XCTAssertEqual(state.main.list.selected, 1, "but it is selected, its row saying why")
    }

    func testPickingARefusedItemsRoomTellsWhyAndOpensNothing() {
        var state = start()
        _ = state.reduce(.itemsGiven(["v4l2:/dev/video0"], from: .commandLine), now: 1)
        XCTAssertNil(state.session.openRoomID)
        let message = "Cannot open “v4l2:/dev/video0”: a device (v4l2:) opens only from the rooms file"
        XCTAssertEqual(state.toasts.map(\.message), [message])
        state.toasts = []
        XCTAssertEqual(state.reduce(F.key(.enter), now: 2), [])
        XCTAssertEqual(state.toasts.map(\.message), [message])
        XCTAssertEqual(state.rooms, [:])
        _ = state.reduce(.itemsGiven(["v4l2:/dev/video0"], from: .paste), now: 3)
        XCTAssertEqual(state.opened.items.count, 1, "the same refused item is not listed twice")
    }

    func testACallLinkAsksAndIsNeitherListedNorJoined() throws {
        var state = start()
        let server = LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                                play: StreamURLTemplate("rtmp://127.0.0.1/live/{stream}"),
                                calls: CallURLTemplate("rtmp://127.0.0.1/call/{room}~{participant}"))
        let link = InviteLink.call(room: "standup", title: "Stand-up", server: server).text
        let effects = state.reduce(.itemsGiven([link, news], from: .link), now: 1)
        XCTAssertEqual(state.callLinks.asking?.room, "standup", "the call link waits for the user's answer (W13)")
        XCTAssertFalse(effects.contains { if case .joinCall = $0 { true } else { false } })
        XCTAssertEqual(state.opened.rooms.map(\.id), ["opened-1"])
        XCTAssertNil(state.session.openRoomID, "the hand-over's first item is the call: nothing else opens")
        XCTAssertNil(state.call)
    }

    func testALiveLinkIsARoomTitledByTheLinkWhateverTheStreamSays() {
        var state = start()
        _ = state.reduce(.itemsGiven([InviteLink.live(title: "Evening news", url: news).text], from: .link), now: 1)
        XCTAssertEqual(state.opened.rooms, [opened("opened-1", "Evening news", .url(news))])
        _ = state.reduce(.playbackPolled("opened-1", [SourceReport(status: .playing, title: "NEWS 24")]), now: 2)
        XCTAssertEqual(state.room("opened-1")?.title, "Evening news")
    }

    func testTheStreamsOwnTitleReplacesTheAddressOnce() {
        var state = start()
        _ = state.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        let logged = state.reduceLogged(.playbackPolled("opened-1", [SourceReport(status: .playing, title: " Evening\tNews ")]), now: 2)
        XCTAssertTrue(logged.contains(.stats(.roomTitled("opened-1", title: "Evening News"))), "\(logged)")
        XCTAssertEqual(state.room("opened-1")?.title, "Evening News")
        XCTAssertEqual(state.session.openRoom?.title, "Evening News", "the open room's view says it too")
        XCTAssertEqual(state.listViewModel(now: 2).rows.first?.title, "Evening News")
        _ = state.reduce(.playbackPolled("opened-1", [SourceReport(status: .playing, title: "Later")]), now: 3)
        XCTAssertEqual(state.room("opened-1")?.title, "Evening News")
    }

    func testAFloatingRoomsWindowTakesTheStreamsTitle() {
        var state = start(float: true)
        _ = state.reduce(.itemsGiven([news], from: .commandLine), now: 1)
        XCTAssertEqual(state.reduce(.playbackPolled("opened-1", [SourceReport(status: .playing, title: "Evening News")]), now: 2),
                       [.retitleFloat("Evening News - PiP")])
    }

    func testTheStatsLogNamesEachAddedRoomAndItsOrigin() {
        var state = start()
        let logged = state.reduceLogged(.itemsGiven([news], from: .drop(.float)), now: 1)
        XCTAssertTrue(logged.contains(.stats(.itemAdded("opened-1", title: "news.m3u8", origin: "drop_float"))), "\(logged)")
    }

    func testAHandOverOverTheLimitLeavesTheRestOutAndSaysSo() {
        var state = start()
        let items = (0...OpenedItems.maximumBatch).map { "https://tv.example/\($0).ts" }
        _ = state.reduce(.itemsGiven(items, from: .drop(.main)), now: 1)
        XCTAssertEqual(state.opened.items.count, OpenedItems.maximumBatch)
        XCTAssertEqual(state.toasts.map(\.message), ["1 item left out: at most 1000 open at once"])
        XCTAssertEqual(state.session.openRoomID, "opened-1")
    }

    func testGeneratedIDsAreValidAndAvoidTheListsOwn() {
        var state = F.start(rooms: [Room(id: "opened-1", title: "Mine", media: .live(source: .url(news)))])
        _ = state.reduce(.itemsGiven(["https://tv.example/other.m3u8"], from: .paste), now: 1)
        XCTAssertEqual(state.opened.rooms.map(\.id), ["opened-2"])
        XCTAssertTrue(state.opened.rooms.allSatisfy { RoomsFile.isValidID($0.id) })
    }
}
