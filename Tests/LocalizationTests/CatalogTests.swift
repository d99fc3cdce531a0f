import AppCore
import AppCoreTestSupport
import Foundation
import Localization
import Rooms
import Session
import TestSupport
import XCTest

/// The shipped catalogs through gettext itself (X5): plural forms as each language counts,
/// the direction a translation declares, words in the view models, English where a message
/// has no translation. Each test compiles `po/` with msgfmt, chooses its language through the
/// environment as a user's session does, and puts the untranslated `C` locale back after.
final class CatalogTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var localeDir: URL!
    private var saved: [String: String?] = [:]

    override func setUpWithError() throws {
        localeDir = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-locale-\(UUID().uuidString)")
        let compile = try ChildProcess.run(Self.packageRoot.appendingPathComponent("scripts/po.sh").path, ["compile", localeDir.path])
        XCTAssertEqual(compile.status, .exited(0), "scripts/po.sh compile (needs msgfmt, Debian's gettext)")
        for name in ["LANGUAGE", "LANG", "LC_ALL", "LC_MESSAGES"] {
            saved[name] = ProcessInfo.processInfo.environment[name]
        }
    }

    override func tearDownWithError() throws {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        _ = setlocale(LC_ALL, "C")
        try? FileManager.default.removeItem(at: localeDir)
    }

    /// Starts the catalogs the way the app does, for a session whose `LANGUAGE` is `language`.
    private func use(_ language: String) {
        unsetenv("LC_ALL")
        unsetenv("LC_MESSAGES")
        setenv("LANG", "C.UTF-8", 1)
        setenv("LANGUAGE", language, 1)
        Localization.start(localeDirectory: localeDir.path)
    }

    /// The effects of opening the host's room from the list in the 960x600 main window.
    private let hostOpens: [AppEffect] = [
        .openPlayback(FixtureRooms.host, delayLimit: nil), .setAudio("host", muted: true, volume: 1),
        .log(.info, "opened host"), .resetMainVideo,
        .setVideo("host", source: 0, .full(width: 960, height: 600)),
    ]

    /// The host's room opened from the list at `t`: connecting, muted (its sound is the host's own).
    private func hostOpened(_ state: inout AppState, at t: Double) {
        state.session.openRoom = FixtureRooms.host
        state.session.playback["host"] = .connecting
        state.session.mainWindow.content = .room("host")
        var room = OpenRoom(openedAt: t, count: 1, muted: true)
        room.video = [.full(width: 960, height: 600)]
        state.rooms["host"] = room
        state.main.controlsUntil = t + MainState.controlsTimeout
    }

    func testArabicPicksEachOfItsSixPluralForms() {
        use("ar")
        let rooms = { (n: Int) in trn("%d room", "%d rooms", n) }
        XCTAssertEqual(rooms(0), "لا غرف", "zero")
        XCTAssertEqual(rooms(1), "غرفة واحدة", "one")
        XCTAssertEqual(rooms(2), "غرفتان", "two")
        for n in [3, 7, 10, 103, 110] { XCTAssertEqual(rooms(n), "\(n) غرف", "few: n % 100 in 3...10 (\(n))") }
        for n in [11, 26, 99, 111, 1_099] { XCTAssertEqual(rooms(n), "\(n) غرفة", "many: n % 100 in 11...99 (\(n))") }
        // "other" (100-102, 200, ...) has the same words as "many" for rooms; watchers tell them apart.
        XCTAssertEqual(trn("%d watching", "%d watching", 11), "11 مشاهدًا", "many")
        for n in [100, 101, 102, 200] { XCTAssertEqual(trn("%d watching", "%d watching", n), "\(n) مشاهد", "other (\(n))") }
        XCTAssertEqual(Localization.direction, .rightToLeft, "the Arabic catalog declares default:RTL")
    }

    func testGermanHasTwoFormsAndChineseOne() {
        use("de")
        XCTAssertEqual(trn("%d room", "%d rooms", 1), "1 Raum")
        XCTAssertEqual(trn("%d room", "%d rooms", 0), "0 Räume")
        XCTAssertEqual(trn("%d room", "%d rooms", 7), "7 Räume")
        XCTAssertEqual(Localization.direction, .leftToRight)
        use("zh_CN")
        for n in [0, 1, 2, 7, 100] { XCTAssertEqual(trn("%d room", "%d rooms", n), "\(n) 个房间") }
        XCTAssertEqual(Localization.direction, .leftToRight)
    }

    func testALocaleTheSystemLacksStillLetsLanguageChoose() {
        use("de")
        setenv("LANG", "de_XX.UTF-8", 1)
        Localization.start(localeDirectory: localeDir.path)
        XCTAssertEqual(tr("Playback error"), "Wiedergabefehler", "C.UTF-8 stands in for a locale that is not generated")
    }

    func testTheStatusPillWidensForTheLanguagesLongestStatus() {
        use("de")
        var state = AppState(config: RoomsConfig(rooms: FixtureRooms.all),
                             environment: AppEnvironment(metrics: UIMetrics(scale: 1) { text, _ in text.count * 7 }))
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        // "Verbindet neu" (reconnecting) is German's longest pill: 13 letters at 7 px, and 40 px for its dot and ends.
        XCTAssertEqual(state.listViewModel(now: 0).rows.first?.pill.w, 13 * 7 + 40)
    }

    func testARoomsFilesProblemsAreWordedInTheLanguage() throws {
        let file = #"{"rooms": [{"id": "a b", "kind": "show", "source": 3}]}"#
        use("de")
        guard case .failure(let german) = Result(catching: { () throws(RoomsFileError) in try RoomsFile.parse(Array(file.utf8), fileName: "rooms.json") }) else {
            return XCTFail("the file is not valid")
        }
        XCTAssertEqual(german.messages, [
            #"rooms.json:1:12: rooms[0]: fehlendes Feld "title""#,
            #"rooms.json:1:19: rooms[0].id: ungültige ID "a b": 1 bis 64 Zeichen aus A-Z, a-z, 0-9, _ und - verwenden"#,
            #"rooms.json:1:34: rooms[0].kind: unbekannter Wert für kind: "show" (erwartet: "live" oder "call")"#,
            #"rooms.json:1:52: rooms[0].source: Zeichenkette erwartet, gefunden: eine Zahl"#,
        ])
        use("ar")
        guard case .failure(let arabic) = Result(catching: { () throws(RoomsFileError) in try RoomsFile.parse(Array("[".utf8), fileName: "rooms.json") }) else {
            return XCTFail("the file is not valid")
        }
        XCTAssertEqual(arabic.messages, ["rooms.json:1:2: نهاية غير متوقعة للملف؛ كان متوقعًا قيمة"])
    }

    func testPlaylistAndInviteLinkRefusalsAreWordedInTheLanguage() {
        let link = { () -> String? in
            if case .failure(let error) = Result(catching: { () throws(InviteLinkError) in try InviteLink.parse("floatapp://live?title=T&url=v4l2%3A%2Fdev%2Fvideo0") }) {
                return error.words
            }
            return nil
        }
        let skipped = PlaylistProblem(position: TextPosition(line: 4, column: 1), reason: .localEntryInDownload(.file))
        use("de")
        XCTAssertEqual(link(), "url: ein Link enthält nur Netzwerkadressen; dies ist ein Gerät (v4l2:)")
        XCTAssertEqual(skipped.words, "4:1: eine heruntergeladene Wiedergabeliste darf nichts auf diesem Computer öffnen (hier eine lokale Datei); Eintrag übersprungen")
        use("zh_CN")
        XCTAssertEqual(link(), "url: 链接只能包含网络地址，不能是设备（v4l2:）")
        XCTAssertEqual(Playlist(entries: [], unreportedProblemCount: 3).problemWords, ["另外跳过了 3 行"])
        use("ar")
        XCTAssertEqual(Playlist(entries: [], unreportedProblemCount: 2).problemWords, ["تم تخطي سطرين إضافيين (2)"])
    }

    func testReorderedSlotsAndNumbersWithTheirPlural() {
        use("de")
        XCTAssertEqual(trn("%2$s: OK, %1$d room", "%2$s: OK, %1$d rooms", 3, "a.json"), "a.json: OK, 3 Räume")
        XCTAssertEqual(tr("Reconnecting (attempt %d), next try in %d s", 2, 4),
                       "Neue Verbindung (Versuch 2), nächster Versuch in 4 s")
    }

    func testAMessageNoCatalogHasAndAnUnshippedLanguageStayEnglish() {
        use("ar")
        XCTAssertEqual(tr("A message no catalog translates, %s", "x"), "A message no catalog translates, x")
        use("fr")
        XCTAssertEqual(trn("%d room", "%d rooms", 2), "2 rooms")
        XCTAssertEqual(tr("Playback error"), "Playback error")
        XCTAssertEqual(Localization.direction, .leftToRight)
        use("fr:de")
        XCTAssertEqual(tr("Playback error"), "Wiedergabefehler", "LANGUAGE is a list: the first language with a catalog wins")
    }

    func testTheChineseListShowsItsCountAndStatusesInChinese() throws {
        use("zh_CN")
        var state = AppState(config: RoomsConfig(rooms: FixtureRooms.all),
                             environment: AppEnvironment(metrics: UIMetrics(scale: 1) { text, _ in text.count * 7 }))
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        let list = state.listViewModel(now: 0)
        XCTAssertEqual(list.countLabel, "5 个房间")
        XCTAssertEqual(list.rows.map(\.status.label), Array(repeating: "空闲", count: 5))
        XCTAssertEqual(list.rows.first?.detail, "直播 · 观众")
        // The host goes back to the list while their room stays open, connecting.
        let host = try XCTUnwrap(FixtureRooms.all.firstIndex(of: FixtureRooms.host))
        state.main.list.selected = host
        assertStep(&state, .key(.enter, window: .main, ctrl: false, isRepeat: false), now: 1, effects: hostOpens) {
            _ = $0.fields.send(.focusControl("main/room"))
            self.hostOpened(&$0, at: 1)
        }
        assertStep(&state, .key(.escape, window: .main, ctrl: false, isRepeat: false), now: 1.5, effects: []) {
            _ = $0.fields.send(.focusControl("main/list"))
            _ = $0.session.reduce(.backToListClicked)
            $0.main.controlsUntil = 4.5
        }
        XCTAssertEqual(state.session.mainWindow.content, .list)
        XCTAssertEqual(state.listViewModel(now: 2).rows[host].status.label, "连接中")
        XCTAssertEqual(state.listViewModel(now: 2).rows[host].detail, "直播 · 主播")
    }

    func testArabicViewsAreMirroredAndWordedInArabic() throws {
        use("ar")
        var state = AppState(config: RoomsConfig(rooms: FixtureRooms.all),
                             environment: AppEnvironment(metrics: UIMetrics(scale: 1) { text, _ in text.count * 7 },
                                                         direction: Localization.direction))
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        XCTAssertEqual(state.listViewModel(now: 0).countLabel, "5 غرف")
        let host = try XCTUnwrap(FixtureRooms.all.firstIndex(of: FixtureRooms.host))
        state.main.list.selected = host
        assertStep(&state, .key(.enter, window: .main, ctrl: false, isRepeat: false), now: 1, effects: hostOpens) {
            _ = $0.fields.send(.focusControl("main/room"))
            self.hostOpened(&$0, at: 1)
        }
        let view = try XCTUnwrap(state.roomLayout(now: 1))
        XCTAssertEqual(view.badge?.text, "على الهواء")
        XCTAssertEqual(view.buttons.first { $0.control == .back }?.rect.x, 960 - 16 - 40)
        let refused = "لا يمكن تعويم غرفة تستضيفها."
        assertStep(&state, .key(.letter("p"), window: .main, ctrl: false, isRepeat: false), now: 2,
                   effects: [.publish(.lifecycle(.failedToStart(.hosting)))]) {
            $0.main.controlsUntil = 5
            $0.toasts = [Toast(message: refused, until: 6)]
        }
        XCTAssertEqual(state.toasts.last?.message, "لا يمكن تعويم غرفة تستضيفها.")
    }
}
