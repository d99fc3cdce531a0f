import AccessibleTree
import AppCore
import AppCoreTestSupport
import Rooms
import XCTest

/// X7: the accessible tree the core derives from its view models, and the events two trees'
/// difference makes.
final class AccessibleTreeTests: XCTestCase {
    private func node(_ tree: AccessibleTree, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> AccessibleNode {
        try XCTUnwrap(tree.entry(id)?.node, "no object \(id) in \(tree.all.map(\.id))", file: file, line: line)
    }

    func testTheListIsAListOfRoomsNamedByTitleWhereTheSelectedRowHasFocus() throws {
        let tree = F.start().accessibleTree(now: 1)
        XCTAssertEqual(tree.root.role, .application)
        XCTAssertEqual(tree.root.name, "FloatApp")
        XCTAssertEqual(tree.root.children.map(\.id), ["main"])
        let frame = try node(tree, "main")
        XCTAssertEqual(frame.role, .frame)
        XCTAssertEqual(frame.rect, AccessibleRect(x: 0, y: 0, width: 960, height: 600))
        let list = try node(tree, "main/list")
        XCTAssertEqual(list.role, .list)
        XCTAssertEqual(list.name, "Rooms")
        XCTAssertEqual(list.description, "5 rooms")
        XCTAssertEqual(list.children.map(\.name), ["Live A", "Live B", "Call", "Host", "No PiP"])
        let first = list.children[0]
        XCTAssertEqual(first.role, .listItem)
        XCTAssertTrue(first.clickable)
        XCTAssertTrue(first.description.hasSuffix(", Idle"), first.description)
        XCTAssertEqual(first.description, "Live stream, Audience, Idle", "commas, not the painted middle dot a voice reads out")
        XCTAssertTrue(first.states.isSuperset(of: [.selected, .focused, .selectable, .focusable, .showing]))
        XCTAssertFalse(list.children[1].states.contains(.focused))
        // Rows are 64 px high with 8 px gaps, 16 px in from the sides, under a 64 px header.
        XCTAssertEqual(list.children[1].rect, AccessibleRect(x: 16, y: 64 + 8 + 72, width: 928, height: 64))
        XCTAssertEqual(tree.focused, "room:live-a")
        XCTAssertEqual(tree.entry("room:live-b")?.frame, "main")
        XCTAssertEqual(tree.entry("room:live-b")?.index, 1)
    }

    func testArrowingDownMovesSelectionAndFocusAndSaysSo() {
        var state = F.start()
        let before = state.accessibleTree(now: 1)
        _ = state.reduce(F.key(.down), now: 1)
        let after = state.accessibleTree(now: 1)
        XCTAssertEqual(after.events(since: before), [
            .stateChanged("room:live-a", .focused, false), .stateChanged("room:live-a", .selected, false),
            .stateChanged("room:live-b", .focused, true), .stateChanged("room:live-b", .selected, true),
            .focus("room:live-b"),
        ])
        XCTAssertEqual(after.events(since: after), [])
    }

    /// Orca follows focus only in the active window: the frame with the keyboard is active and
    /// alone has a focused object; activating it says so before the focus, and the row with the
    /// focus gets it back.
    func testTheWindowWithTheKeyboardIsActiveAndAloneHasFocus() throws {
        let state = F.start()
        let away = state.accessibleTree(now: 1, active: nil), back = state.accessibleTree(now: 1, active: .main)
        XCTAssertFalse(try node(away, "main").states.contains(.active))
        XCTAssertNil(away.focused, "nothing has focus in a window without the keyboard")
        XCTAssertTrue(try node(back, "main").states.contains(.active))
        XCTAssertEqual(back.events(since: away), [
            .stateChanged("main", .active, true), .windowActivated("main", true),
            .stateChanged("room:live-a", .focused, true), .focus("room:live-a"),
        ])
        XCTAssertEqual(away.events(since: back), [
            .stateChanged("main", .active, false), .windowActivated("main", false),
            .stateChanged("room:live-a", .focused, false),
        ])
    }

    func testClickingARowOpensItsRoomAndTheViewsButtonsReplaceTheList() throws {
        var state = F.start()
        let before = state.accessibleTree(now: 1)
        let effects = state.reduce(.accessibleClicked("room:live-b"), now: 1)
        XCTAssertEqual(state.session.mainWindow.content, .room(F.liveB.id))
        XCTAssertEqual(state.main.list.selected, 1)
        XCTAssertFalse(effects.isEmpty, "the room opens")
        _ = state.reduce(.playbackPolled(F.liveB.id, F.reports(F.liveB, .playing)), now: 1)
        let after = state.accessibleTree(now: 1)
        XCTAssertNil(after.entry("main/list"))
        let pip = try node(after, "main/control:pip")
        XCTAssertEqual(pip.role, .pushButton)
        XCTAssertEqual(pip.name, "Picture-in-picture")
        XCTAssertEqual(try node(after, "main/control:mute").role, .toggleButton)
        XCTAssertEqual(try node(after, "main/status").name, "Playing")
        let events = after.events(since: before)
        XCTAssertEqual(Array(events.prefix(3)), [
            .childrenChanged(parent: "main", added: false, index: 2, child: "main/list"),
            .childrenChanged(parent: "main", added: false, index: 1, child: "main/control:add"),
            .childrenChanged(parent: "main", added: false, index: 0, child: "main/field:search"),
        ])
        XCTAssertTrue(events.contains(.childrenChanged(parent: "main", added: true, index: 0, child: "main/room")))
        XCTAssertTrue(events.contains(.childrenChanged(parent: "main", added: true, index: 1, child: "main/status")))
        XCTAssertTrue(events.contains(.announcement("Playing")), "the room's status is a live region")

        _ = state.reduce(.accessibleClicked("main/control:mute"), now: 2)
        XCTAssertTrue(try node(state.accessibleTree(now: 2), "main/control:mute").states.contains(.checked))
        XCTAssertEqual(state.reduce(.accessibleClicked("room:gone"), now: 2), [], "a row no longer shown does nothing")
    }

    func testAToastIsANotificationThatShows() throws {
        var state = F.start()
        let before = state.accessibleTree(now: 1)
        _ = state.reduce(.started(openRoom: "nope", float: false), now: 1)
        let after = state.accessibleTree(now: 1)
        let message = "No room with id “nope”"
        let toast = try XCTUnwrap(after.all.first { $0.role == .notification })
        XCTAssertEqual(toast.name, message)
        XCTAssertEqual(after.events(since: before), [
            .childrenChanged(parent: "main", added: true, index: 3, child: toast.id), .stateChanged(toast.id, .showing, true),
        ])
    }

    func testTheFieldsOffsetsCountCodePointsAsAssistiveTechnologiesDo() throws {
        var state = F.start()
        let before = state.accessibleTree(now: 1)
        // "Café" with a combining acute (5 code points, 4 characters), then a flag (2 code points, 1 character).
        _ = state.reduce(.accessibleTextSet("main/field:search", "Cafe\u{301} \u{1F1E9}\u{1F1EA}"), now: 1)
        let after = state.accessibleTree(now: 1)
        XCTAssertEqual(try node(after, "main/field:search").text?.caret, 8, "the caret after 6 characters is 8 code points in")
        XCTAssertTrue(after.events(since: before).contains(.caretMoved("main/field:search", 8)))
        XCTAssertEqual(AccessibleText("e\u{301}x", characterCaret: 1, characterSelection: 0..<1),
                       AccessibleText("e\u{301}x", caret: 2, selection: 0..<2))
    }

    func testTheSearchFieldIsAnEditableTextWhoseChangesAreToldAndWhichTakesFocus() throws {
        var state = F.start()
        let before = state.accessibleTree(now: 1)
        let field = try node(before, "main/field:search")
        XCTAssertEqual(field.role, .entry)
        XCTAssertEqual(field.name, "Search rooms")
        XCTAssertEqual(field.text, AccessibleText("", caret: 0, selection: 0..<0))
        XCTAssertTrue(field.states.isSuperset(of: [.editable, .singleLine, .focusable]))
        XCTAssertEqual(try node(before, "main/control:add").name, "Add a room")

        _ = state.reduce(.accessibleTextSet("main/field:search", "Live"), now: 1)
        let after = state.accessibleTree(now: 1)
        XCTAssertEqual(try node(after, "main/field:search").text, AccessibleText("Live", caret: 4, selection: 4..<4))
        XCTAssertEqual(try node(after, "main/list").children.map(\.name), ["Live A", "Live B", "Host", "No PiP"],
                       "the search left the live rooms (by title or subtitle)")
        XCTAssertEqual(after.focused, "main/field:search", "the field took the keyboard from the selected row")
        let events = after.events(since: before)
        XCTAssertTrue(events.contains(.textChanged("main/field:search", inserted: true, offset: 0, text: "Live")), "\(events)")
        XCTAssertTrue(events.contains(.caretMoved("main/field:search", 4)))
        XCTAssertEqual(events.last, .focus("main/field:search"))

        _ = state.reduce(.accessibleTextSet("main/field:search", "Live B"), now: 2)
        XCTAssertEqual(state.accessibleTree(now: 2).events(since: after).filter { if case .textChanged = $0 { true } else { false } },
                       [.textChanged("main/field:search", inserted: true, offset: 4, text: " B")], "only what was added is told")
        _ = state.reduce(.accessibleClicked("main/control:add"), now: 3)
        XCTAssertNotNil(state.accessibleTree(now: 3).entry("main/field:location"), "the add button opened the location field")
    }

    func testACallsTilesAreNamedByParticipantWithMutedAndSpeaking() throws {
        let state = F.open(F.call)
        let tree = state.accessibleTree(now: 1)
        let tiles = tree.all.filter { $0.id.hasPrefix("main/tile:") }
        guard case .call(let people) = F.call.media else { return XCTFail("a call") }
        XCTAssertEqual(tiles.map(\.name), people.map(\.name))
        XCTAssertEqual(tiles.first?.attributes, ["muted": "false", "speaking": "false"])
        XCTAssertTrue(tiles.allSatisfy { $0.rect.map { $0.width > 0 && $0.height > 0 } ?? false })
        XCTAssertNil(tree.entry("main/status"), "a call's status is each tile's")
    }

    func testTheFloatIsAFrameTitledByItsRoom() throws {
        let tree = F.floating(F.liveA).accessibleTree(now: 2)
        XCTAssertEqual(tree.root.children.map(\.id), ["main", "float"])
        let float = try node(tree, "float")
        XCTAssertEqual(float.role, .frame)
        XCTAssertEqual(float.name, "Live A - PiP")
    }
}

/// X7: the tree's object paths, state sets and extents, free of any app state.
final class AccessibleTreeGeometryTests: XCTestCase {
    private let tree = AccessibleTree(root: AccessibleNode(id: "app", role: .application, name: "App", children: [
        AccessibleNode(id: "main", role: .frame, name: "Main", rect: AccessibleRect(x: 0, y: 0, width: 800, height: 600), children: [
            AccessibleNode(id: "room:a b/ü", role: .listItem, name: "A", rect: AccessibleRect(x: 16, y: 72, width: 768, height: 64)),
            AccessibleNode(id: "over", role: .pushButton, name: "B", rect: AccessibleRect(x: 20, y: 80, width: 10, height: 10)),
        ]),
    ]))

    func testEveryIdHasItsOwnValidObjectPath() {
        XCTAssertEqual(tree.path(of: "app"), AccessibleTree.rootPath)
        XCTAssertEqual(tree.path(of: "room:a b/ü"), "/org/a11y/atspi/accessible/room_3Aa_20b_2F_C3_BC")
        XCTAssertEqual(tree.entry(atPath: "/org/a11y/atspi/accessible/room_3Aa_20b_2F_C3_BC")?.node.name, "A")
        XCTAssertNotEqual(tree.path(of: "a_3A"), tree.path(of: "a:"))
    }

    func testStateSetsAreAtSpisTwoWords() {
        XCTAssertEqual(AccessibleState.bits([.enabled, .showing, .checkable]), [1 << 8 | 1 << 25, 1 << 9])
    }

    func testExtentsArePaintedRectsPlacedOnTheScreenAtEachScale() {
        let windows = ["main": WindowPlacement(x: 100, y: 50)]
        XCTAssertEqual(tree.extents(of: "room:a b/ü", windows: windows, screen: true),
                       AccessibleRect(x: 116, y: 122, width: 768, height: 64))
        XCTAssertEqual(tree.extents(of: "room:a b/ü", windows: windows, screen: false),
                       AccessibleRect(x: 16, y: 72, width: 768, height: 64))
        // A drawable of twice the window's size (a scaled Wayland output): pixels halve.
        let scaled = ["main": WindowPlacement(x: 100, y: 50, pixelsPerUnit: 2)]
        XCTAssertEqual(tree.extents(of: "room:a b/ü", windows: scaled, screen: true),
                       AccessibleRect(x: 108, y: 86, width: 384, height: 32))
        XCTAssertNil(tree.extents(of: "app", windows: windows, screen: true))
        XCTAssertNil(tree.extents(of: "main", windows: [:], screen: true), "a window not placed has no extents")
    }

    func testThePointFindsTheTopmostDeepestObject() {
        let windows = ["main": WindowPlacement(x: 100, y: 50)]
        XCTAssertEqual(tree.child(of: "app", at: 125, 135, windows: windows, screen: true), "over")
        XCTAssertEqual(tree.child(of: "app", at: 500, 135, windows: windows, screen: true), "room:a b/ü")
        XCTAssertEqual(tree.child(of: "app", at: 500, 60, windows: windows, screen: true), "main")
        XCTAssertNil(tree.child(of: "app", at: 5, 5, windows: windows, screen: true))
    }
}
