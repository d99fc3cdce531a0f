@testable import AccessibilityBridge
import AccessibleTree
import SessionBus
import XCTest

/// X7: what the bridge answers AT-SPI2's calls with, and the signals it sends, from one
/// snapshot, without a bus.
final class AtspiResponderTests: XCTestCase {
    private let snapshot = AccessibleSnapshot(
        tree: AccessibleTree(root: AccessibleNode(id: "app", role: .application, name: "FloatApp", children: [
            AccessibleNode(id: "main", role: .frame, name: "FloatApp", rect: AccessibleRect(x: 0, y: 0, width: 800, height: 600), children: [
                AccessibleNode(id: "main/field:search", role: .entry, name: "Search rooms",
                               rect: AccessibleRect(x: 100, y: 12, width: 300, height: 40),
                               text: AccessibleText("Beta", caret: 4, selection: 1..<3)),
                AccessibleNode(id: "room:a", role: .listItem, name: "Alpha", description: "Live stream, Idle",
                               states: [.enabled, .showing, .focused], rect: AccessibleRect(x: 16, y: 72, width: 768, height: 64),
                               clickable: true, attributes: ["b": "2", "a": "1"]),
            ]),
        ])),
        windows: ["main": WindowPlacement(x: 200, y: 100, pixelsPerUnit: 2)], clickName: "Klicken", locale: "de_DE.UTF-8")

    private func answer(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [])
        -> (reply: BusReply, request: AccessibleRequest?) {
        AtspiResponder(snapshot: snapshot, busName: ":1.7", applicationID: 0)
            .answer(BusCall(path: path, interface: interface, member: member, arguments: arguments))
    }

    private var row: String { snapshot.tree.path(of: "room:a") }
    private var field: String { snapshot.tree.path(of: "main/field:search") }

    func testTheApplicationAndItsChildrenAreReferencedByBusNameAndPath() {
        let main = snapshot.tree.path(of: "main")
        XCTAssertEqual(answer(AccessibleTree.rootPath, "org.a11y.atspi.Accessible", "GetChildren").reply,
                       .values([.array(element: "(so)", [.structure([.string(":1.7"), .objectPath(main)])])]))
        XCTAssertEqual(answer(AccessibleTree.rootPath, "org.freedesktop.DBus.Properties", "Get",
                              [.string("org.a11y.atspi.Accessible"), .string("Parent")]).reply,
                       .values([.variant(AtspiResponder.desktop)]), "the application's parent is the registry's desktop")
        XCTAssertEqual(answer(row, "org.a11y.atspi.Accessible", "GetIndexInParent").reply, .values([.int32(1)]))
        XCTAssertEqual(answer(row, "org.a11y.atspi.Accessible", "GetRole").reply, .values([.uint32(32)]))
        XCTAssertEqual(answer(row, "org.a11y.atspi.Accessible", "GetState").reply,
                       .values([.array(element: "u", [.uint32(1 << 8 | 1 << 12 | 1 << 25), .uint32(0)])]))
        XCTAssertEqual(answer(row, "org.a11y.atspi.Accessible", "GetAttributes").reply,
                       .values([.array(element: "{ss}", [.entry(.string("a"), .string("1")), .entry(.string("b"), .string("2"))])]))
        XCTAssertEqual(answer(row, "org.a11y.atspi.Accessible", "GetInterfaces").reply,
                       .values([.stringArray(["org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Action"])]))
        XCTAssertEqual(answer("/org/a11y/atspi/accessible/gone", "org.a11y.atspi.Accessible", "GetRole").reply,
                       .standardError("UnknownObject", "no object at /org/a11y/atspi/accessible/gone"))
    }

    func testExtentsArePlacedOnTheScreenOrInTheWindow() {
        XCTAssertEqual(answer(row, "org.a11y.atspi.Component", "GetExtents", [.uint32(0)]).reply,
                       .values([.structure([.int32(208), .int32(136), .int32(384), .int32(32)])]))
        XCTAssertEqual(answer(row, "org.a11y.atspi.Component", "GetExtents", [.uint32(1)]).reply,
                       .values([.structure([.int32(8), .int32(36), .int32(384), .int32(32)])]))
        XCTAssertEqual(answer(AccessibleTree.rootPath, "org.a11y.atspi.Component", "GetAccessibleAtPoint",
                              [.int64(300), .int64(150), .uint32(0)]).reply,
                       .values([.structure([.string(":1.7"), .objectPath(row)])]))
    }

    func testTheClickActionAndTheFieldsNewTextAreHandedToTheApp() {
        XCTAssertEqual(answer(row, "org.a11y.atspi.Action", "GetLocalizedName", [.int64(0)]).reply, .values([.string("Klicken")]))
        XCTAssertEqual(answer(row, "org.freedesktop.DBus.Properties", "Get", [.string("org.a11y.atspi.Action"), .string("NActions")]).reply,
                       .values([.variant(.int32(1))]))
        let click = answer(row, "org.a11y.atspi.Action", "DoAction", [.int64(0)])
        XCTAssertEqual(click.reply, .values([.bool(true)]))
        XCTAssertEqual(click.request, .click("room:a"))
        XCTAssertEqual(answer(field, "org.a11y.atspi.Text", "GetText", [.int64(1), .int64(-1)]).reply, .values([.string("eta")]))
        XCTAssertEqual(answer(field, "org.a11y.atspi.Text", "GetSelection", [.int64(0)]).reply, .values([.int32(1), .int32(3)]))
        XCTAssertEqual(answer(field, "org.a11y.atspi.EditableText", "InsertText", [.int64(4), .string(" Room"), .int64(5)]).request,
                       .setText("main/field:search", "Beta Room"))
        XCTAssertEqual(answer(field, "org.a11y.atspi.EditableText", "DeleteText", [.int64(0), .int64(2)]).request,
                       .setText("main/field:search", "ta"))
        XCTAssertNil(answer(row, "org.a11y.atspi.EditableText", "SetTextContents", [.string("x")]).request, "a row has no text")
    }

    func testTextOffsetsCountCodePoints() {
        let text = AccessibleText("e\u{301}\u{1F1E9}\u{1F1EA}!", caret: 5, selection: 0..<2)
        XCTAssertEqual(AtspiText.answer("GetText", [.int64(0), .int64(2)], text), .values([.string("e\u{301}")]))
        XCTAssertEqual(AtspiText.answer("GetCharacterAtOffset", [.int64(1)], text), .values([.int32(0x301)]))
        XCTAssertEqual(AtspiText.answer("GetText", [.int64(4), .int64(-1)], text), .values([.string("!")]))
        let node = AccessibleNode(id: "f", role: .entry, name: "Search", text: text)
        XCTAssertEqual(AtspiText.edit("DeleteText", [.int64(1), .int64(2)], node).1, .setText("f", "e\u{1F1E9}\u{1F1EA}!"),
                       "deleting the combining accent's one code point leaves the e")
        XCTAssertEqual(AtspiText.edit("InsertText", [.int64(4), .string("\u{301}"), .int64(1)], node).1,
                       .setText("f", "e\u{301}\u{1F1E9}\u{1F1EA}\u{301}!"))
    }

    func testEventsBecomeTheirSignals() {
        let tree = snapshot.tree
        XCTAssertEqual(AtspiSignal(.focus("room:a"), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(row, "org.a11y.atspi.Event.Focus", "Focus", "", 0, 0, .int32(0)))
        XCTAssertEqual(AtspiSignal(.stateChanged("room:a", .selected, false), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(row, "org.a11y.atspi.Event.Object", "StateChanged", "selected", 0, 0, .int32(0)))
        XCTAssertEqual(AtspiSignal(.textChanged("main/field:search", inserted: true, offset: 4, text: " B"), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(field, "org.a11y.atspi.Event.Object", "TextChanged", "insert", 4, 2, .string(" B")))
        XCTAssertEqual(AtspiSignal(.windowActivated("main", true), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(tree.path(of: "main"), "org.a11y.atspi.Event.Window", "Activate", "", 0, 0, .string("")))
        XCTAssertEqual(AtspiSignal(.windowActivated("main", false), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(tree.path(of: "main"), "org.a11y.atspi.Event.Window", "Deactivate", "", 0, 0, .string("")))
        XCTAssertEqual(AtspiSignal(.announcement("Copied"), in: tree, busName: ":1.7"),
                       AtspiSignal.expected(AccessibleTree.rootPath, "org.a11y.atspi.Event.Object", "Announcement", "", 1, 0,
                                            .string("Copied")))
    }
}

extension AtspiSignal {
    /// The signal with these fields, as AT-SPI2 defines an event's arguments.
    static func expected(_ path: String, _ interface: String, _ member: String, _ detail: String, _ detail1: Int32,
                         _ detail2: Int32, _ data: DBusValue) -> (String, String, String, [DBusValue]) {
        (path, interface, member, [.string(detail), .int32(detail1), .int32(detail2), .variant(data), .dictionary([])])
    }
}

private func XCTAssertEqual(_ signal: AtspiSignal, _ expected: (String, String, String, [DBusValue]),
                            file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(signal.path, expected.0, file: file, line: line)
    XCTAssertEqual(signal.interface, expected.1, file: file, line: line)
    XCTAssertEqual(signal.member, expected.2, file: file, line: line)
    XCTAssertEqual(signal.arguments, expected.3, file: file, line: line)
}
