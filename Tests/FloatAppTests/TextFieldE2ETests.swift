import CX11
import Foundation
import TestSupport
import XCTest

/// W11, W12: the list's search field on a real desktop, typed into through XTEST like a hand:
/// it narrows the list and the stats' `list_shown` says what the header says; a double click
/// selects a word; a selection in it reaches the clipboard and X11's primary selection (read
/// back with `xclip`); Korean typed through a real IBus with its Hangul engine composes in it; a
/// middle click pastes the primary selection `xclip` offers, and Ctrl+V in the list hands over
/// what `xclip` put on the clipboard. One app start serves every check.
final class TextFieldE2ETests: AppE2ETestCase {
    private static var rooms: [RoomsFixture.Room] {
        [
        .live("cafe", title: "Café del Mar", source: RoomsFixture.colorSource("6f3f2f")),
        .live("fest", title: "Straßenfest", source: RoomsFixture.colorSource("2f6f3f")),
        .live("korea", title: "한국 뉴스", source: RoomsFixture.colorSource("2f3f6f")),
        .live("standup", title: "Standup", source: RoomsFixture.colorSource("6f6f2f")),
        ]
    }

    /// A hand types about eight keys a second.
    private static let keyPause: TimeInterval = 0.06

    func testSearchClipboardPrimarySelectionKoreanInputAndPaste() throws {
        let desktop = try startDesktop()
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        let ibus = try InputMethod(on: desktop, bus: bus, for: self)
        let roomsFile = try RoomsFixture(rooms: Self.rooms).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: [], on: desktop) { arguments in
            try launchApp(arguments, on: desktop, environment: ibus.clientEnvironment)
        }
        try session.run {
            try session.focusMain()
            try session.waitForEvents("list_shown", ["count": "4 rooms"], timeout: 10)
            try searchNarrowsTheList(session)
            try selectionReachesClipboardAndPrimary(session)
            try koreanComposesThroughIBus(session)
            try middleClickPastesThePrimarySelection(session)
            try pasteHandsOverTheClipboard(session)
        }
    }

    private func type(_ text: String, on desktop: TestDesktop) {
        for character in text { desktop.key(.character(character), pause: Self.keyPause) }
    }

    /// Typing in the list searches: "cafe del" finds "Café del Mar" alone, and the stats' list
    /// line names the header's count and the one row's status. A double click on the first word
    /// selects it: the shell finds the text index under the pointer on the line it painted.
    private func searchNarrowsTheList(_ session: RunningApp) throws {
        let desktop = session.desktop
        type("cafe del", on: desktop)
        try session.waitForEvents("list_shown", ["count": "1 of 4 rooms", "statuses": "Idle"])
        try desktop.screenshot("1-search-cafe")
        // The field starts after the 16 px padding, the title (about 110 px at 24 px bold) and a
        // 12 px gap; its text 10 px further: 15 px into it is inside "cafe".
        let window = try session.mainRect()
        let word = DesktopPoint(x: window.x + 16 + 110 + 12 + 10 + 15, y: window.y + 32)
        desktop.click(at: word)
        desktop.click()
        try eventually("a double click selects cafe, offered as the primary selection", timeout: 5) {
            try xclip(["-o", "-selection", "primary"], on: desktop) == "cafe"
        }
        desktop.key(Key(XK_End, "End"), pause: Self.keyPause)
    }

    /// Shift+Left twice selects "el": the app offers it as the primary selection at once, and
    /// Ctrl+C puts it on the clipboard; Esc clears the search and the whole list is back.
    private func selectionReachesClipboardAndPrimary(_ session: RunningApp) throws {
        let desktop = session.desktop
        desktop.key(.left, modifiers: [.shift], pause: Self.keyPause)
        desktop.key(.left, modifiers: [.shift], pause: Self.keyPause)
        try eventually("xclip reads el as the primary selection", timeout: 5) {
            try xclip(["-o", "-selection", "primary"], on: desktop) == "el"
        }
        desktop.key(.character("c"), modifiers: [.control], pause: Self.keyPause)
        try eventually("xclip reads el from the clipboard", timeout: 5) {
            try xclip(["-o", "-selection", "clipboard"], on: desktop) == "el"
        }
        desktop.key(.escape, pause: Self.keyPause)
        try session.waitForEvents("list_shown", ["count": "4 rooms"], count: 2)
        desktop.key(.escape, pause: Self.keyPause)
    }

    /// Ctrl+F, Shift+Space (ibus-hangul's switch to Hangul), then g k s r n r on the 2-set
    /// layout: IBus composes 한 and 국 in the field, underlined while composing, and the search
    /// finds the Korean room; the Latin keys themselves would find nothing.
    private func koreanComposesThroughIBus(_ session: RunningApp) throws {
        let desktop = session.desktop
        desktop.key(.character("f"), modifiers: [.control], pause: Self.keyPause)
        desktop.key(.space, modifiers: [.shift], pause: Self.keyPause)
        type("gksrn", on: desktop)
        try session.waitForEvents("list_shown", ["count": "1 of 4 rooms", "statuses": "Idle"], count: 2)
        try desktop.screenshot("2-composing-han-gu")
        type("r", on: desktop)
        desktop.key(.space, pause: Self.keyPause)
        try desktop.screenshot("3-committed-hanguk")
        // The space commits 국 (a space may follow it); back in Latin mode, Ctrl+A offers the
        // field's whole text (the Hangul engine composes the A of a Ctrl+A that SDL forwards).
        desktop.key(.space, modifiers: [.shift], pause: Self.keyPause)
        desktop.key(.character("a"), modifiers: [.control], pause: Self.keyPause)
        try eventually("xclip reads 한국 from the search field", timeout: 5) {
            try xclip(["-o", "-selection", "primary"], on: desktop).trimmingCharacters(in: .whitespaces) == "한국"
        }
        XCTAssertEqual(session.stats.events(named: "list_shown").last?.fields["count"], "1 of 4 rooms")
        XCTAssertTrue(session.stats.events(named: "list_shown", matching: ["count": "0 of 4 rooms"]).isEmpty,
                      "no key reached the search as a Latin letter")
        desktop.key(.escape, pause: Self.keyPause)
        desktop.key(.escape, pause: Self.keyPause)
    }

    /// A middle click on the search field pastes what `xclip` offers as the primary selection.
    private func middleClickPastesThePrimarySelection(_ session: RunningApp) throws {
        let desktop = session.desktop
        let owner = try offer("Straßenfest", selection: "primary", on: desktop)
        defer { owner.terminate() }
        let window = try session.mainRect()
        desktop.click(at: DesktopPoint(x: window.x + window.width / 2, y: window.y + 32), button: .middle)
        try session.waitForEvents("list_shown", ["count": "1 of 4 rooms", "statuses": "Idle"], count: 3)
        desktop.key(.escape, pause: Self.keyPause)
        desktop.key(.escape, pause: Self.keyPause)
    }

    /// Ctrl+V in the list with no field focused hands each line of the clipboard over as an item.
    private func pasteHandsOverTheClipboard(_ session: RunningApp) throws {
        let desktop = session.desktop
        let owner = try offer("  http://127.0.0.1:9/pasted.m3u8  \n\n", selection: "clipboard", on: desktop)
        defer { owner.terminate() }
        desktop.key(.character("v"), modifiers: [.control], pause: Self.keyPause)
        try session.waitForEvents("item_added", ["origin": "paste", "title": "pasted.m3u8"])
    }
}

/// A real IBus on the test's own session bus, its Hangul engine chosen, and the environment an
/// SDL client needs to use it.
private final class InputMethod {
    private let configHome: URL
    private let desktop: TestDesktop
    private let daemon: ChildProcess
    private let bus: SessionBus

    init(on desktop: TestDesktop, bus: SessionBus, for testCase: XCTestCase) throws {
        self.desktop = desktop
        self.bus = bus
        configHome = desktop.workFolder.appendingPathComponent("ibus-config")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
        daemon = try ChildProcess(
            executable: "/usr/bin/ibus-daemon", arguments: ["--panel=disable", "--replace"],
            environment: Self.environment(desktop, bus, configHome),
            stdoutURL: desktop.artifactsFolder.appendingPathComponent("ibus-daemon.log"),
            stderrURL: desktop.artifactsFolder.appendingPathComponent("ibus-daemon.err"))
        let daemon = self.daemon
        testCase.addTeardownBlock { daemon.terminate() }
        try eventually("ibus lists the Hangul engine", timeout: 15, poll: 0.2) {
            try self.ibus(["list-engine"]).contains("hangul")
        }
        try eventually("ibus uses the Hangul engine", timeout: 5, poll: 0.2) {
            _ = try self.ibus(["engine", "hangul"])
            return try self.ibus(["engine"]) == "hangul"
        }
    }

    /// What IBus and its clients share: the display, the session bus and the folder where the
    /// daemon writes its address (`$XDG_CONFIG_HOME/ibus/bus/`).
    private static func environment(_ desktop: TestDesktop, _ bus: SessionBus, _ configHome: URL) -> [String: String] {
        desktop.clientEnvironment(home: configHome, extra: [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": configHome.path,
            "XDG_CACHE_HOME": configHome.appendingPathComponent("cache").path,
        ])
    }

    /// FloatApp's environment: SDL finds the daemon through its address file. `IBUS_ADDRESS`
    /// is not set: SDL 2.26 takes it for the name of that file and then reaches no IBus.
    var clientEnvironment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": configHome.path,
         "XMODIFIERS": "@im=ibus", "SDL_IM_MODULE": "ibus"]
    }

    /// Runs the `ibus` tool against this daemon; its output.
    private func ibus(_ arguments: [String]) throws -> String {
        let out = desktop.workFolder.appendingPathComponent("ibus-\(UUID().uuidString.prefix(8)).out")
        let tool = try ChildProcess(executable: "/usr/bin/ibus", arguments: arguments,
                                    environment: Self.environment(desktop, bus, configHome), stdoutURL: out)
        guard tool.waitForExit(timeout: 5) != nil else {
            tool.terminate()
            return ""
        }
        return ((try? String(contentsOf: out, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
