import AppCoreTestSupport
import EngineTerms
import LiveDirectory
import Localization
import PiPLayout
import Rooms
import Session
import XCTest
@testable import AppCore

/// W13 in the app core: a call link opened makes its server known and asks in the main window
/// before anything is published; Enter or Join joins, Esc or Cancel does not.
final class CallLinkTests: XCTestCase {
    private let local = LiveServer(id: "local", title: "Local server", stats: "http://127.0.0.1:8080/stat",
                                   play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
                                   calls: CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))
    private let elsewhere = LiveServer(id: "local", title: "Team", stats: "http://team.example:8080/stat",
                                       play: StreamURLTemplate("rtmp://team.example/live/{stream}"),
                                       calls: CallURLTemplate("rtmp://team.example/call/{room}~{participant}"))
    private let me = Me(name: "Ada", camera: .source(.lavfi(graph: "testsrc2")), microphone: .source(.lavfi(graph: "sine")))

    /// The rooms file [Live A] with `servers`, the list shown in a 960x600 window at t = 0.
    private func start(servers: [LiveServer] = [], direction: TextDirection = .leftToRight) -> AppState {
        var state = AppState(config: RoomsConfig(rooms: [F.liveA], servers: servers, me: me),
                             environment: AppEnvironment(metrics: F.metrics, direction: direction,
                                                         desktop: DesktopDevices(accountName: "Account")),
                             displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        return state
    }

    private func link(_ server: LiveServer, room: RoomID = "standup", title: String = "Stand-up") -> InviteLink {
        .call(room: room, title: title, server: server)
    }

    private func joins(_ effects: [AppEffect]) -> [AppEffect] {
        effects.filter { if case .joinCall = $0 { true } else { false } }
    }

    func testALinkAsksAndRaisesTheWindowWithoutPublishing() {
        var state = start()
        let effects = state.callLinkOpened(link(local), now: 1)
        XCTAssertEqual(state.callLinks.asking?.room, "standup")
        XCTAssertEqual(state.directory.sections.map(\.server.id), ["local"], "the link's server is known now")
        XCTAssertTrue(effects.contains(.raiseMainWindow(userTime: 0, remap: false)), "\(effects)")
        XCTAssertEqual(joins(effects), [])
        let view = state.callLinkLayout()
        XCTAssertEqual(view?.lines.map(\.text), ["Call: Stand-up", "Server: Local server (127.0.0.1:8080)",
                                                 "Your camera and microphone go out only if you join."])
        // Keys other than Enter and Esc do nothing while it asks: the list does not move.
        XCTAssertEqual(state.reduce(F.key(.down), now: 2), [])
        XCTAssertEqual(state.reduce(F.key(.letter("p")), now: 2), [])
        XCTAssertNotNil(state.callLinks.asking)
    }

    func testTabReachesCancelAndJoinOnlyAndEnterPressesTheFocusedOne() {
        var state = start()
        _ = state.callLinkOpened(link(local), now: 1)
        XCTAssertEqual(state.focusStops(.main, now: 1).map(\.id), ["main/calllink:cancel", "main/calllink:join"], "X7")
        var rtl = start(direction: .rightToLeft)
        _ = rtl.callLinkOpened(link(local), now: 1)
        let mirrored = rtl.focusStops(.main, now: 1)
        XCTAssertEqual(mirrored.map(\.id), ["main/calllink:cancel", "main/calllink:join"], "Cancel first, now at the right")
        XCTAssertGreaterThan(mirrored[0].rect.x, mirrored[1].rect.x)
        _ = state.reduce(.key(.tab, window: .main, ctrl: false, shift: false, isRepeat: false), now: 2)
        XCTAssertEqual(state.focusRing(.main, now: 2), state.callLinkLayout()?.cancel.rect)
        let tree = state.accessibleTree(now: 2)
        XCTAssertEqual(tree.focused, "main/calllink:cancel")
        XCTAssertEqual(tree.entry("main/calllink")?.node.role, .dialog)
        XCTAssertEqual(tree.entry("main/calllink")?.node.children.map(\.name), ["Cancel", "Join"])
        XCTAssertEqual(joins(state.reduce(F.key(.enter), now: 2)), [])
        XCTAssertNil(state.callLinks.asking, "Enter on Cancel declined")
    }

    func testEscDeclinesAndNothingIsJoined() {
        var state = start()
        _ = state.callLinkOpened(link(local), now: 1)
        let effects = state.reduce(F.key(.escape), now: 2)
        XCTAssertNil(state.callLinks.asking)
        XCTAssertNil(state.callLinkLayout())
        XCTAssertEqual(joins(effects), [])
        XCTAssertNil(state.call)
        XCTAssertEqual(state.session.mainWindow.content, .list)
    }

    func testEnterJoinsTheCallNamedByTheLinkOnlyThen() {
        var state = start()
        _ = state.callLinkOpened(link(local), now: 1)
        let effects = state.reduce(F.key(.enter), now: 2)
        XCTAssertNil(state.callLinks.asking)
        guard case .joinCall(let id, let url, _, _)? = joins(effects).first else { return XCTFail("no join in \(effects)") }
        XCTAssertEqual(id, "local/call/standup")
        XCTAssertEqual(url, "rtmp://127.0.0.1:1935/call/standup~Ada")
        XCTAssertEqual(state.session.mainWindow.content, .room("local/call/standup"))
        XCTAssertEqual(state.room("local/call/standup")?.title, "Stand-up", "the room has the link's title while nobody is in it")
    }

    func testJoinAndCancelAreButtonsAndAClickElsewhereDoesNothing() throws {
        var state = start()
        _ = state.callLinkOpened(link(local), now: 1)
        let view = try XCTUnwrap(state.callLinkLayout())
        func click(_ r: PixelRect, at t: Double) -> [AppEffect] {
            let (x, y) = (r.x + r.w / 2, r.y + r.h / 2), global = Point(x: Double(x), y: Double(y))
            return state.reduce(.pointerPressed(window: .main, x: x, y: y, global: global, time: t), now: t)
                + state.reduce(.pointerReleased(window: .main, x: x, y: y, global: global, time: t, overFloat: false), now: t)
        }
        XCTAssertEqual(click(PixelRect(5, 5, 10, 10), at: 2), [], "outside the box")
        XCTAssertEqual(click(view.box, at: 2), [], "the box, off its buttons")
        XCTAssertNotNil(state.callLinks.asking)
        XCTAssertEqual(joins(click(view.cancel.rect, at: 3)), [])
        XCTAssertNil(state.callLinks.asking, "Cancel declines")

        _ = state.callLinkOpened(link(local), now: 4)
        XCTAssertEqual(state.directory.sections.count, 1, "the same server is not added twice")
        XCTAssertEqual(joins(click(view.join.rect, at: 5)).count, 1, "Join joins")
    }

    func testAKnownServerIsReusedAndAnotherOfTheSameIDGetsItsOwn() {
        var state = start(servers: [local])
        _ = state.callLinkOpened(link(local), now: 1)
        XCTAssertEqual(state.directory.sections.map(\.server.id), ["local"])
        XCTAssertEqual(state.callLinks.servers, [])
        _ = state.reduce(F.key(.escape), now: 2)
        _ = state.callLinkOpened(link(elsewhere, title: "Retro"), now: 3)
        XCTAssertEqual(state.directory.sections.map(\.server.id), ["local", "local-2"], "another server's id is not taken over")
        XCTAssertEqual(state.callLinkLayout()?.lines[1].text, "Server: Team (team.example:8080)")
        let joined = joins(state.reduce(F.key(.enter), now: 4))
        guard case .joinCall(_, let url, _, _)? = joined.first else { return XCTFail("no join") }
        XCTAssertEqual(url, "rtmp://team.example/call/standup~Ada")
        _ = state.reduce(.roomsReloaded(RoomsConfig(rooms: [F.liveA], servers: [local], me: me)), now: 5)
        XCTAssertEqual(state.directory.sections.map(\.server.id), ["local", "local-2"], "a link's server outlives a reload")
    }

    func testTheConfirmationIsMirroredUnderARightToLeftLanguage() throws {
        var ltr = start(), rtl = start(direction: .rightToLeft)
        _ = ltr.callLinkOpened(link(local), now: 1)
        _ = rtl.callLinkOpened(link(local), now: 1)
        let l = try XCTUnwrap(ltr.callLinkLayout()), r = try XCTUnwrap(rtl.callLinkLayout())
        XCTAssertGreaterThan(l.join.rect.x, l.cancel.rect.x, "Join is the trailing button")
        XCTAssertLessThan(r.join.rect.x, r.cancel.rect.x)
        XCTAssertEqual(r.join.rect, l.join.rect.mirrored(within: 960))
        XCTAssertEqual(r.direction, .rightToLeft)
    }

    func testCopyInviteLinkPutsTheLinkOnTheClipboard() throws {
        var state = F.open(F.liveB)
        let layout = try XCTUnwrap(state.roomLayout(now: 1))
        XCTAssertTrue(layout.buttons.contains { $0.control == .inviteLink })
        let effects = state.reduce(F.key(.letter("i")), now: 2)
        XCTAssertEqual(effects.first, .setClipboard("floatapp://live?title=Live%20B&url=https%3A%2F%2Fexample.com%2Fb.m3u8"))
        XCTAssertEqual(state.toasts.map(\.message), ["Invite link copied"])

        var local = F.open(F.noPiP)
        XCTAssertFalse(try XCTUnwrap(local.roomLayout(now: 1)).buttons.contains { $0.control == .inviteLink },
                       "a file has no link to copy")
        let refused = local.reduce(F.key(.letter("i")), now: 2)
        XCTAssertFalse(refused.contains { if case .setClipboard = $0 { true } else { false } })
        XCTAssertEqual(local.toasts.first?.message.hasPrefix("No invite link: the room plays"), true, "\(local.toasts)")
    }
}
