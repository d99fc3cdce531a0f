@testable import AppCore
import XCTest

/// Clicks, drags and the middle button in the text field, and the input method's preedit.
final class TextFieldPointerTests: XCTestCase {
    private let text = "hello big world"

    func testAClickPlacesTheCaretAndADragSelects() {
        var field = TextField.at(text)
        assertStep(&field, .pointerPressed(at: 3, clicks: 1), effects: [.inputMethodCaret(3)]) {
            $0.set(self.text, 3)
            $0.press = TextField.Press(unit: .character, origin: 3..<3)
        }
        assertStep(&field, .pointerDragged(to: 7), effects: [.setPrimary("lo b"), .inputMethodCaret(7)]) { $0.set(self.text, 3, 7) }
        assertStep(&field, .pointerDragged(to: 1), effects: [.setPrimary("el"), .inputMethodCaret(1)]) { $0.set(self.text, 3, 1) }
        assertStep(&field, .pointerDragged(to: 1), effects: [])
        assertStep(&field, .pointerReleased, effects: []) { $0.press = nil }
        assertStep(&field, .pointerDragged(to: 9), effects: [])
        assertStep(&field, .pointerPressed(at: 99, clicks: 1), effects: [.inputMethodCaret(15)]) {
            $0.set(self.text, 15)
            $0.press = TextField.Press(unit: .character, origin: 15..<15)
        }
        assertStep(&field, .pointerDragged(to: -4), effects: [.setPrimary(text), .inputMethodCaret(0)]) { $0.set(self.text, 15, 0) }
    }

    func testADoubleClickSelectsAWordAndADragExtendsByWords() {
        var field = TextField.at(text)
        assertStep(&field, .pointerPressed(at: 8, clicks: 2), effects: [.setPrimary("big"), .inputMethodCaret(9)]) {
            $0.set(self.text, 6, 9)
            $0.press = TextField.Press(unit: .word, origin: 6..<9)
        }
        assertStep(&field, .pointerDragged(to: 12), effects: [.setPrimary("big world"), .inputMethodCaret(15)]) { $0.set(self.text, 6, 15) }
        assertStep(&field, .pointerDragged(to: 1), effects: [.setPrimary("hello big"), .inputMethodCaret(0)]) { $0.set(self.text, 9, 0) }
        assertStep(&field, .pointerDragged(to: 7), effects: [.setPrimary("big"), .inputMethodCaret(9)]) { $0.set(self.text, 6, 9) }
        // On a space, the spaces; at the end, the last word.
        field = TextField.at("a   b", 0)
        _ = field.send(.pointerPressed(at: 2, clicks: 2))
        XCTAssertEqual(field.selection, 1..<4)
        _ = field.send(.pointerPressed(at: 5, clicks: 2))
        XCTAssertEqual(field.selection, 4..<5)
        field = TextField()
        assertStep(&field, .pointerPressed(at: 0, clicks: 2), effects: []) { $0.press = TextField.Press(unit: .word, origin: 0..<0) }
    }

    func testATripleClickSelectsEverything() {
        var field = TextField.at(text, 4)
        assertStep(&field, .pointerPressed(at: 4, clicks: 3), effects: [.setPrimary(text), .inputMethodCaret(15)]) {
            $0.set(self.text, 0, 15)
            $0.press = TextField.Press(unit: .all, origin: 0..<15)
        }
        assertStep(&field, .pointerDragged(to: 2), effects: [])
    }

    func testAMiddleClickPastesThePrimarySelectionThere() {
        var field = TextField.at(text, 0, 5)
        assertStep(&field, .middleClicked(at: 9), effects: [.requestPrimary, .inputMethodCaret(9)]) { $0.set(self.text, 9) }
        assertStep(&field, .textArrived(" hello", from: .primary), effects: [.textChanged("hello big hello world"), .inputMethodCaret(15)]) {
            $0.set("hello big hello world", 15)
            $0.history.undo = [snap(self.text, 9)]
        }
    }

    func testThePreeditShowsAtTheCaretUntilCommitted() {
        var field = TextField.at("검색 ")
        assertStep(&field, .preeditChanged("ㅎ", start: 1, length: 0), effects: [.inputMethodCaret(4)]) {
            $0.preedit = TextField.Preedit(text: "ㅎ", cursor: 1)
        }
        XCTAssertEqual(field.shown, TextField.Shown(text: "검색 ㅎ", caret: 4, selection: 4..<4, preedit: 3..<4))
        assertStep(&field, .preeditChanged("하", start: 1, length: 0), effects: [.inputMethodCaret(4)]) {
            $0.preedit = TextField.Preedit(text: "하", cursor: 1)
        }
        // The input method owns the keys while it composes.
        assertStep(&field, key(.left), effects: [])
        assertStep(&field, key(.backspace), effects: [])
        assertStep(&field, .typed("한"), effects: [.textChanged("검색 한"), .inputMethodCaret(4)]) {
            $0.set("검색 한", 4)
            $0.preedit = nil
            $0.history.undo = [snap("검색 ", 3)]
            $0.history.typing = true
        }
        assertStep(&field, .preeditChanged("ㄱ", start: 1, length: 0), effects: [.inputMethodCaret(5)]) {
            $0.preedit = TextField.Preedit(text: "ㄱ", cursor: 1)
        }
        assertStep(&field, .typed("국"), effects: [.textChanged("검색 한국"), .inputMethodCaret(5)]) {
            $0.set("검색 한국", 5)
            $0.preedit = nil
        }
        assertStep(&field, .preeditChanged("ㅇ", start: 1, length: 0), effects: [.inputMethodCaret(6)]) {
            $0.preedit = TextField.Preedit(text: "ㅇ", cursor: 1)
        }
        assertStep(&field, .preeditChanged("", start: 0, length: 0), effects: [.inputMethodCaret(5)]) { $0.preedit = nil }
        assertStep(&field, key(.z, .ctrl), effects: [.textChanged("검색 "), .inputMethodCaret(3)]) {
            $0.set("검색 ", 3)
            $0.history.undo = []
            $0.history.redo = [snap("검색 한국", 5)]
            $0.history.typing = false
        }
    }

    func testThePreeditCursorCountsScalarsAsSDLDoes() {
        var field = TextField.at("ab", 1, 2)
        assertStep(&field, .preeditChanged("e\u{301}x\ny", start: 2, length: 1), effects: [.inputMethodCaret(2)]) {
            $0.preedit = TextField.Preedit(text: "e\u{301}x y", cursor: 1, length: 1)
        }
        XCTAssertEqual(field.shown, TextField.Shown(text: "ae\u{301}x y", caret: 2, selection: 2..<2, preedit: 1..<5))
        _ = field.send(.preeditChanged("xy", start: 9, length: 9))
        XCTAssertEqual(field.preedit, TextField.Preedit(text: "xy", cursor: 2, length: 0))
        _ = field.send(.preeditChanged("xy", start: -3, length: -1))
        XCTAssertEqual(field.preedit, TextField.Preedit(text: "xy", cursor: 0, length: 0))
        // Committing replaces the selection.
        _ = field.send(.typed("Z"))
        XCTAssertEqual(field.snapshot, snap("aZ", 2))
    }
}
