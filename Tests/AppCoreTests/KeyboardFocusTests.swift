import AccessibleTree
import AppCore
import AppCoreTestSupport
import PiPLayout
import Rooms
import XCTest

/// X7: Tab and Shift+Tab move the keyboard focus through a window's controls in the order they
/// are painted (mirrored right to left), Space and Enter press the focused control, F6 moves to
/// the float's controls, and the accessible tree's focus follows.
final class KeyboardFocusTests: XCTestCase {
    private func tab(_ state: inout AppState, back: Bool = false, _ window: WindowKind = .main, now: Double = 2) -> String? {
        _ = state.reduce(.key(.tab, window: window, ctrl: false, shift: back, isRepeat: false), now: now)
        return state.accessibleTree(now: now).focused
    }

    private func order(_ state: AppState, now: Double = 2) -> [String] {
        state.focusStops(.main, now: now).map(\.id)
    }

    func testTabGoesThroughTheListHeaderThenTheRowsAsOneStopAndRoundAgain() {
        var state = F.start()
        XCTAssertEqual(order(state), ["main/field:search", "main/control:add", "main/list"])
        XCTAssertEqual(tab(&state), "main/field:search")
        XCTAssertEqual(state.fields.focused, .search, "the one focus: the field has the keyboard")
        XCTAssertEqual(tab(&state), "main/control:add")
        XCTAssertNil(state.fields.focused)
        XCTAssertEqual(state.focusRing(.main, now: 2), state.listViewModel(now: 2).addButton)
        XCTAssertEqual(tab(&state), "room:live-a", "the list's stop focuses its selected row")
        _ = state.reduce(F.key(.down), now: 2)
        XCTAssertEqual(state.accessibleTree(now: 2).focused, "room:live-b", "arrows move in the list")
        XCTAssertEqual(tab(&state), "main/field:search", "round the end")
        XCTAssertEqual(tab(&state, back: true), "room:live-b")
        XCTAssertEqual(tab(&state, back: true), "main/control:add")
    }

    func testRightToLeftTheHeaderIsReadFromTheRight() {
        var state = F.start()
        state.environment.direction = .rightToLeft
        let stops = state.focusStops(.main, now: 2)
        XCTAssertEqual(stops.map(\.id), ["main/field:search", "main/control:add", "main/list"])
        XCTAssertGreaterThan(stops[0].rect.x, stops[1].rect.x, "the first stop is the rightmost")
        var ltr = F.start()
        let room = F.open(F.call), rtlRoom = { var s = room; s.environment.direction = .rightToLeft; return s }()
        let bar = room.focusStops(.main, now: 2), mirrored = rtlRoom.focusStops(.main, now: 2)
        XCTAssertGreaterThan(bar.count, 3)
        XCTAssertEqual(mirrored.map(\.id), bar.map(\.id), "the mirrored bar read from the right: the same buttons in turn")
        XCTAssertEqual(bar.map(\.rect.x), bar.map(\.rect.x).sorted())
        XCTAssertEqual(mirrored.map(\.rect.x), mirrored.map(\.rect.x).sorted().reversed())
        XCTAssertEqual(tab(&ltr), "main/field:search")
    }

    func testSpaceAndEnterPressTheFocusedControlAndShortcutsStillWork() throws {
        var state = F.start()
        _ = tab(&state)
        _ = tab(&state)
        _ = state.reduce(F.key(.space), now: 2)
        _ = state.reduce(.textTyped(" ", window: .main), now: 2)
        XCTAssertEqual(state.fields.focused, .location, "Space pressed the add button: the location field opened")
        XCTAssertEqual(state.fields.location?.text, "", "the Space is not typed into it")
        _ = state.reduce(F.key(.escape), now: 2)

        var room = F.open(F.liveA)
        XCTAssertEqual(tab(&room), "main/control:pip")
        XCTAssertEqual(tab(&room), "main/control:mute")
        _ = room.reduce(F.key(.enter), now: 2)
        XCTAssertTrue(room.rooms[F.liveA.id]?.muted == true, "Enter pressed Mute")
        _ = room.reduce(F.key(.letter("m")), now: 2)
        XCTAssertTrue(room.rooms[F.liveA.id]?.muted == false, "M still mutes")
        XCTAssertEqual(tab(&room), "main/control:volume")
        let volume = try XCTUnwrap(room.rooms[F.liveA.id]?.volume)
        _ = room.reduce(F.key(.left), now: 2)
        XCTAssertEqual(try XCTUnwrap(room.rooms[F.liveA.id]?.volume), volume - 0.1, accuracy: 0.001)
        _ = room.reduce(.pointerPressed(window: .main, x: 1, y: 1, global: Point(x: 0, y: 0), time: 3), now: 3)
        XCTAssertNil(room.focusRing(.main, now: 3), "the pointer takes the ring away")
    }

    func testTypingInTheListStillSearchesFromAnyStop() {
        var state = F.start()
        _ = tab(&state)
        _ = tab(&state)
        _ = state.reduce(.textTyped("b", window: .main), now: 2)
        XCTAssertEqual(state.fields.focused, .search)
        XCTAssertEqual(state.fields.search.text, "b")
    }

    func testF6MovesToTheFloatsControlsWhereKeysActOnTheFloat() {
        var state = F.floating(F.liveA)
        _ = state.reduce(F.key(.f6), now: 3)
        let stops = state.focusStops(.float, now: 3).map(\.id)
        XCTAssertTrue(stops.contains("float/control:volume"), "\(stops)")
        XCTAssertEqual(state.accessibleTree(now: 3).focused, stops.first)
        XCTAssertNotNil(state.focusRing(.float, now: 3))
        XCTAssertNil(state.focusRing(.main, now: 3))
        while state.accessibleTree(now: 3).focused != "float/control:mute" { _ = tab(&state, now: 3) }
        _ = state.reduce(F.key(.space), now: 3)
        XCTAssertTrue(state.rooms[F.liveA.id]?.muted == true, "Space on the float's Mute, the key pressed in the main window")
        _ = state.reduce(F.key(.f6), now: 3)
        XCTAssertNil(state.focusRing(.float, now: 3))
        XCTAssertNotNil(state.focusRing(.main, now: 3))
    }
}

extension KeyboardFocusTests {
    func testAFocusedButtonKeepsTheBarShownAndLeavingTheRoomDropsIt() {
        var state = F.open(F.liveA)
        _ = tab(&state)
        XCTAssertTrue(state.controlsVisible(now: 60), "the bar stays while its button has the keyboard")
        _ = state.reduce(F.key(.escape), now: 60)
        XCTAssertEqual(state.fields.focus, .control("main/list"), "the button went with its room")
        _ = state.reduce(F.key(.enter), now: 61)
        XCTAssertEqual(state.session.mainWindow.content, .room(F.liveA.id), "Enter in the list opens the room again")
        XCTAssertNil(state.focusRing(.main, now: 61), "without a ring on its first button")
    }

    func testOpeningARoomGivesItsPaneTheKeyboardAndTheListItsSelectedRowBack() throws {
        var state = F.start()
        _ = state.reduce(F.key(.down), now: 1)
        _ = state.reduce(F.key(.enter), now: 1)
        let tree = state.accessibleTree(now: 1)
        XCTAssertEqual(tree.focused, "main/room", "the room's pane has the keyboard")
        let pane = try XCTUnwrap(tree.entry("main/room")?.node)
        XCTAssertEqual(pane.role, .panel)
        XCTAssertEqual(pane.name, F.liveB.title)
        XCTAssertEqual(pane.description, tree.entry("main/status")?.node.name, "described by its status")
        XCTAssertNil(state.focusRing(.main, now: 1), "a pane has no ring")
        XCTAssertEqual(tab(&state, now: 1), order(state, now: 1).first, "Tab goes on to the room's first button")
        _ = state.reduce(F.key(.escape), now: 1)
        XCTAssertEqual(state.accessibleTree(now: 1).focused, "room:live-b", "back in the list, its selected row")
        let row = state.listViewModel(now: 1).rows.first { $0.isSelected }?.rect
        XCTAssertEqual(state.focusRing(.main, now: 1), row, "with a ring: a key moved the view")

        _ = state.reduce(.accessibleClicked("room:live-a"), now: 2)
        XCTAssertEqual(state.accessibleTree(now: 2).focused, "main/room", "a room opened by its click action too")
        let leave = try XCTUnwrap(state.roomLayout(now: 2)?.controls.first { $0.target == .leave }?.rect)
        _ = state.reduce(.pointerPressed(window: .main, x: leave.x + 2, y: leave.y + 2, global: Point(x: 0, y: 0), time: 2), now: 2)
        _ = state.reduce(.pointerReleased(window: .main, x: leave.x + 2, y: leave.y + 2, global: Point(x: 0, y: 0), time: 2,
                                          overFloat: false), now: 2)
        XCTAssertEqual(state.session.mainWindow.content, .list, "the pointer left the room")
        XCTAssertEqual(state.accessibleTree(now: 2).focused, "room:live-a", "the selected row has the keyboard")
        XCTAssertNil(state.focusRing(.main, now: 2), "without a ring: the pointer moved the view")
    }
}
