@testable import AppCore
import AppCoreTestSupport
import Rooms
import XCTest

/// W12: the fields' keys, clipboard, primary selection and pointer, the location field and
/// pasting items into the list.
final class FieldsTests: XCTestCase {
    private func key(_ key: Key, ctrl: Bool = false, shift: Bool = false, isRepeat: Bool = false) -> AppEvent {
        .key(key, window: .main, ctrl: ctrl, shift: shift, isRepeat: isRepeat)
    }

    private func searching(_ text: String) -> AppState {
        var state = F.start()
        _ = state.reduce(.textTyped(text, window: .main), now: 1)
        return state
    }

    func testShiftArrowsSelectAndTheSelectionIsOfferedAsPrimaryAndCopied() {
        var state = searching("live b")
        XCTAssertEqual(state.reduce(key(.left, shift: true), now: 2), [.setPrimarySelection("b")])
        XCTAssertEqual(state.fields.search.selection, 5..<6)
        XCTAssertEqual(state.reduce(key(.letter("c"), ctrl: true), now: 2), [.setClipboard("b")])
        XCTAssertEqual(state.reduce(key(.letter("x"), ctrl: true), now: 2), [.setClipboard("b")])
        XCTAssertEqual(state.fields.search.text, "live ")
        XCTAssertEqual(state.reduce(key(.letter("z"), ctrl: true), now: 2), [.setPrimarySelection("b")], "undo brings the cut back selected")
        XCTAssertEqual(state.fields.search.text, "live b")
        _ = state.reduce(key(.letter("z"), ctrl: true, shift: true), now: 2)
        XCTAssertEqual(state.fields.search.text, "live ", "Ctrl+Shift+Z redoes")
    }

    func testHomeEndDeleteAndCtrlBackspaceEditTheFieldAndBackspaceRepeats() {
        var state = searching("live stream b")
        _ = state.reduce(key(.backspace, ctrl: true), now: 2)
        XCTAssertEqual(state.fields.search.text, "live stream ")
        _ = state.reduce(key(.home), now: 2)
        _ = state.reduce(key(.delete), now: 2)
        _ = state.reduce(key(.delete, isRepeat: true), now: 2)
        XCTAssertEqual(state.fields.search.text, "ve stream ", "a held Delete repeats in a field")
        _ = state.reduce(key(.end), now: 2)
        _ = state.reduce(key(.backspace, isRepeat: true), now: 2)
        XCTAssertEqual(state.fields.search.text, "ve stream")
        XCTAssertEqual(state.reduce(key(.letter("a"), ctrl: true), now: 2), [.setPrimarySelection("ve stream")])
    }

    func testCtrlVInAFieldPastesTheClipboardThroughTheShell() {
        var state = searching("live")
        XCTAssertEqual(state.reduce(key(.letter("v"), ctrl: true), now: 2), [.readClipboard(.field(.search))])
        _ = state.reduce(.textPasted(" a\nb", from: .clipboard, to: .field(.search)), now: 2)
        XCTAssertEqual(state.fields.search.text, "live a b", "a line break pastes as a space")
    }

    func testAPressInTheFieldIsLocatedByTheShellAndADoubleClickSelectsAWord() {
        var state = searching("live stream")
        let field = state.listViewModel(now: 2).field.rect
        let (x, y) = (field.x + 40, field.y + field.h / 2)
        XCTAssertEqual(state.reduce(.pointerPressed(window: .main, x: x, y: y, global: .init(x: 0, y: 0), time: 2), now: 2),
                       [.locateInField(.search, x: x, .press)])
        XCTAssertEqual(state.fields.held, .search)
        _ = state.reduce(.fieldIndexFound(.search, index: 2, .press), now: 2)
        XCTAssertEqual(state.fields.search.selection, 2..<2)
        XCTAssertEqual(state.reduce(.pointerMoved(window: .main, x: x + 30, y: y, global: .init(x: 0, y: 0), time: 2.05), now: 2.05),
                       [.locateInField(.search, x: x + 30, .drag)])
        XCTAssertEqual(state.reduce(.fieldIndexFound(.search, index: 4, .drag), now: 2.05), [.setPrimarySelection("ve")])
        _ = state.reduce(.pointerReleased(window: .main, x: x, y: y, global: .init(x: 0, y: 0), time: 2.1, overFloat: false), now: 2.1)
        XCTAssertNil(state.fields.held)
        XCTAssertNil(state.session.openRoomID, "a release in the field opens nothing")
        _ = state.reduce(.pointerPressed(window: .main, x: x + 1, y: y, global: .init(x: 0, y: 0), time: 2.2), now: 2.2)
        XCTAssertEqual(state.reduce(.fieldIndexFound(.search, index: 2, .press), now: 2.2), [.setPrimarySelection("live")],
                       "a second click within 400 ms selects the word")
        _ = state.reduce(.pointerReleased(window: .main, x: x, y: y, global: .init(x: 0, y: 0), time: 2.25, overFloat: false), now: 2.25)
        _ = state.reduce(.pointerPressed(window: .main, x: x, y: y, global: .init(x: 0, y: 0), time: 3), now: 3)
        _ = state.reduce(.fieldIndexFound(.search, index: 2, .press), now: 3)
        XCTAssertEqual(state.fields.search.selection, 2..<2, "a click much later places the caret again")
    }

    func testAMiddleClickPastesThePrimarySelectionWhereItPoints() {
        var state = searching("ab")
        let field = state.listViewModel(now: 2).field.rect
        XCTAssertEqual(state.reduce(.middlePressed(window: .main, x: field.x + 20, y: field.y + 5), now: 2),
                       [.locateInField(.search, x: field.x + 20, .middle)])
        XCTAssertEqual(state.reduce(.fieldIndexFound(.search, index: 1, .middle), now: 2), [.readPrimarySelection(.field(.search))])
        _ = state.reduce(.textPasted("X", from: .primary, to: .field(.search)), now: 2)
        XCTAssertEqual(state.fields.search.text, "aXb")
    }

    func testCtrlLOpensTheLocationFieldEnterHandsItsTextOverAndEscClosesIt() {
        var state = F.start()
        _ = state.reduce(key(.letter("l"), ctrl: true), now: 1)
        XCTAssertEqual(state.fields.focused, .location)
        var list = state.listViewModel(now: 1)
        XCTAssertEqual(list.field.name, .location)
        XCTAssertEqual(list.field.placeholder, "Stream URL, file or invite link")
        XCTAssertTrue(list.locationOpen)
        XCTAssertEqual(state.reduce(key(.enter), now: 1), [], "Enter on an empty field does nothing")
        _ = state.reduce(.textTyped("  https://example.com/live.m3u8 ", window: .main), now: 1)
        XCTAssertEqual(state.shownRooms.count, F.rooms.count, "the location field does not search")
        var expected = state
        expected.fields = Fields()
        let handed = expected.reduce(.itemsGiven(["https://example.com/live.m3u8"], from: .locationField), now: 2)
        XCTAssertEqual(state.reduce(key(.enter), now: 2), handed)
        XCTAssertNil(state.fields.location, "Enter closes the field")
        XCTAssertNil(state.fields.focused)
        _ = state.reduce(key(.letter("l"), ctrl: true), now: 3)
        _ = state.reduce(.textTyped("x", window: .main), now: 3)
        _ = state.reduce(key(.escape), now: 3)
        XCTAssertNil(state.fields.location, "Esc closes it")
        list = state.listViewModel(now: 3)
        XCTAssertEqual(list.field.name, .search)
    }

    func testTheAddButtonOpensAndClosesTheLocationField() {
        var state = F.start()
        let add = state.listViewModel(now: 1).addButton
        let press = AppEvent.pointerPressed(window: .main, x: add.x + add.w / 2, y: add.y + add.h / 2, global: .init(x: 0, y: 0), time: 1)
        _ = state.reduce(press, now: 1)
        XCTAssertNotNil(state.fields.location)
        XCTAssertEqual(state.fields.focused, .location)
        _ = state.reduce(press, now: 2)
        XCTAssertNil(state.fields.location)
    }

    func testCtrlVInTheListHandsOverEachLineOfTheClipboard() {
        var state = F.start()
        XCTAssertEqual(state.reduce(key(.letter("v"), ctrl: true), now: 1), [.readClipboard(.list)])
        var expected = state
        let handed = expected.reduce(.itemsGiven(["https://a.example/x.m3u8", "/tmp/b.mp4"], from: .paste), now: 1)
        XCTAssertEqual(state.reduce(.textPasted("  https://a.example/x.m3u8 \n\n\t/tmp/b.mp4\r\n", from: .clipboard, to: .list), now: 1),
                       handed)
        XCTAssertEqual(state, expected)
    }

    func testAPasteTooLongOrEmptyIsRefusedWithWords() {
        var state = F.start()
        XCTAssertEqual(state.reduce(.textPasted(String(repeating: "a", count: AppState.pasteLimit + 1), from: .clipboard, to: .list),
                                    now: 1), [])
        XCTAssertEqual(state.toasts.last?.message, "The clipboard holds more than 64 KiB; nothing was added")
        let lines = (0...AppState.pasteItemLimit).map { "https://a.example/\($0)" }.joined(separator: "\n")
        XCTAssertEqual(state.reduce(.textPasted(lines, from: .clipboard, to: .list), now: 1), [])
        XCTAssertEqual(state.toasts.last?.message, "The clipboard holds more than 100 lines; nothing was added")
        XCTAssertEqual(state.reduce(.textPasted(" \n ", from: .clipboard, to: .list), now: 1), [])
        XCTAssertEqual(state.toasts.last?.message, "The clipboard holds no text to open")
    }
}
