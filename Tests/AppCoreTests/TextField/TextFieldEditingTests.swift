@testable import AppCore
import XCTest

/// Typing, deleting, the clipboard and undo in the text field: each step's whole state and effects.
final class TextFieldEditingTests: XCTestCase {
    func testARunOfTypingIsOneUndoStep() {
        var field = TextField()
        assertStep(&field, .typed("h"), effects: [.textChanged("h"), .inputMethodCaret(1)]) {
            $0.set("h", 1)
            $0.history.undo = [snap("", 0)]
            $0.history.typing = true
        }
        assertStep(&field, .typed("i "), effects: [.textChanged("hi "), .inputMethodCaret(3)]) { $0.set("hi ", 3) }
        assertStep(&field, .typed("x"), effects: [.textChanged("hi x"), .inputMethodCaret(4)]) { $0.set("hi x", 4) }
        assertStep(&field, key(.z, .ctrl), effects: [.textChanged(""), .inputMethodCaret(0)]) {
            $0.set("", 0)
            $0.history.undo = []
            $0.history.redo = [snap("hi x", 4)]
            $0.history.typing = false
        }
        assertStep(&field, key(.z, .ctrlShift), effects: [.textChanged("hi x"), .inputMethodCaret(4)]) {
            $0.set("hi x", 4)
            $0.history.undo = [snap("", 0)]
            $0.history.redo = []
        }
    }

    func testMovingTheCaretEndsARunOfTyping() {
        var field = TextField()
        _ = field.send(.typed("ab"))
        assertStep(&field, key(.left), effects: [.inputMethodCaret(1)]) {
            $0.focus = 1
            $0.anchor = 1
            $0.history.typing = false
        }
        assertStep(&field, .typed("x"), effects: [.textChanged("axb"), .inputMethodCaret(2)]) {
            $0.set("axb", 2)
            $0.history.undo = [snap("", 0), snap("ab", 1)]
            $0.history.typing = true
        }
    }

    func testTypingOverASelectionIsAStepOfItsOwn() {
        var field = TextField.at("hello", 0, 5)
        _ = field.send(.typed("x"))
        XCTAssertEqual(field.history.undo, [snap("hello", 0, 5)])
        assertStep(&field, .typed("y"), effects: [.textChanged("xy"), .inputMethodCaret(2)]) { $0.set("xy", 2) }
        _ = field.send(key(.z, .ctrl))
        XCTAssertEqual(field.snapshot, snap("hello", 0, 5), "undo selects again what the typing replaced")
    }

    func testBackspaceAndDeleteTakeWholeGraphemeClusters() {
        let text = "a👩‍👩‍👧e\u{301}\u{1112}\u{1161}\u{11AB}🇰🇷🇯🇵"
        let clusters = Array(text)
        XCTAssertEqual(clusters.count, 6)
        var field = TextField.at(text)
        for end in stride(from: clusters.count, to: 0, by: -1) {
            let left = String(clusters[..<(end - 1)])
            assertStep(&field, key(.backspace), effects: [.textChanged(left), .inputMethodCaret(end - 1)]) {
                $0.set(left, end - 1)
                $0.history.undo.append(snap(String(clusters[..<end]), end))
            }
        }
        field = TextField.at(text, 0)
        for start in 1...clusters.count {
            let left = String(clusters[start...])
            assertStep(&field, key(.delete), effects: [.textChanged(left), .inputMethodCaret(0)]) {
                $0.set(left, 0)
                $0.history.undo.append(snap(String(clusters[(start - 1)...]), 0))
            }
        }
    }

    func testStepsTakeWholeGraphemeClusters() {
        let text = "a👩‍👩‍👧e\u{301}\u{1112}\u{1161}\u{11AB}🇰🇷🇯🇵"
        var field = TextField.at(text, 0)
        for caret in 1...6 {
            assertStep(&field, key(.right), effects: [.inputMethodCaret(caret)]) { $0.set(text, caret) }
        }
        assertStep(&field, key(.right), effects: [])
        for caret in stride(from: 5, through: 0, by: -1) {
            assertStep(&field, key(.left, .shift), effects: [.setPrimary(String(Array(text)[caret...])), .inputMethodCaret(caret)]) {
                $0.set(text, 6, caret)
            }
        }
    }

    func testDeletingAtTheEndsDoesNothing() {
        var field = TextField.at("ab", 0)
        assertStep(&field, key(.backspace), effects: [])
        field = TextField.at("ab")
        assertStep(&field, key(.delete), effects: [])
        assertStep(&field, key(.delete, .ctrl), effects: [])
    }

    func testCtrlBackspaceAndCtrlDeleteTakeAWord() {
        var field = TextField.at("hello big world", 9)
        assertStep(&field, key(.backspace, .ctrl), effects: [.textChanged("hello  world"), .inputMethodCaret(6)]) {
            $0.set("hello  world", 6)
            $0.history.undo = [snap("hello big world", 9)]
        }
        assertStep(&field, key(.delete, .ctrl), effects: [.textChanged("hello "), .inputMethodCaret(6)]) {
            $0.set("hello ", 6)
            $0.history.undo.append(snap("hello  world", 6))
        }
    }

    func testBackspaceDeletesTheSelection() {
        var field = TextField.at("hello world", 8, 2)
        assertStep(&field, key(.backspace), effects: [.textChanged("herld"), .inputMethodCaret(2)]) {
            $0.set("herld", 2)
            $0.history.undo = [snap("hello world", 8, 2)]
        }
    }

    func testCopyCutAndPasteGoThroughTheClipboard() {
        var field = TextField.at("copy me", 5, 7)
        assertStep(&field, key(.c, .ctrl), effects: [.copy("me")])
        assertStep(&field, key(.c), effects: [])
        assertStep(&field, key(.x, .ctrl), effects: [.copy("me"), .textChanged("copy "), .inputMethodCaret(5)]) {
            $0.set("copy ", 5)
            $0.history.undo = [snap("copy me", 5, 7)]
        }
        assertStep(&field, key(.x, .ctrl), effects: [])
        assertStep(&field, key(.c, .ctrl), effects: [])
        assertStep(&field, key(.v, .ctrl), effects: [.requestClipboard])
        assertStep(&field, .textArrived("it", from: .clipboard), effects: [.textChanged("copy it"), .inputMethodCaret(7)]) {
            $0.set("copy it", 7)
            $0.history.undo.append(snap("copy ", 5))
        }
        assertStep(&field, .typed("!"), effects: [.textChanged("copy it!"), .inputMethodCaret(8)]) {
            $0.set("copy it!", 8)
            $0.history.undo.append(snap("copy it", 7))
            $0.history.typing = true
        }
        _ = field.send(key(.z, .ctrl))
        _ = field.send(key(.z, .ctrl))
        XCTAssertEqual(field.snapshot, snap("copy ", 5), "a paste is a step of its own")
        _ = field.send(key(.z, .ctrl))
        XCTAssertEqual(field.snapshot, snap("copy me", 5, 7), "a cut is a step of its own and selects again")
    }

    func testCtrlAAndThePrimarySelection() {
        var field = TextField.at("all of it", 3)
        assertStep(&field, key(.a, .ctrl), effects: [.setPrimary("all of it"), .inputMethodCaret(9)]) { $0.set("all of it", 0, 9) }
        assertStep(&field, key(.a, .ctrl), effects: [])
        assertStep(&field, key(.a), effects: [])
    }

    func testRedoByCtrlYAndANewEditForgetsWhatWasUndone() {
        var field = TextField()
        _ = field.send(.typed("one"))
        _ = field.send(key(.backspace))
        _ = field.send(key(.z, .ctrl))
        assertStep(&field, key(.y, .ctrl), effects: [.textChanged("on"), .inputMethodCaret(2)]) {
            $0.set("on", 2)
            $0.history.undo = [snap("", 0), snap("one", 3)]
            $0.history.redo = []
        }
        _ = field.send(key(.z, .ctrl))
        assertStep(&field, .typed("!"), effects: [.textChanged("one!"), .inputMethodCaret(4)]) {
            $0.set("one!", 4)
            $0.history.undo = [snap("", 0), snap("one", 3)]
            $0.history.redo = []
            $0.history.typing = true
        }
        assertStep(&field, key(.y, .ctrl), effects: []) { $0.history.typing = false }
    }

    func testTheHistoryKeepsItsDepth() {
        var field = TextField()
        for i in 0..<(TextField.History.depth + 20) {
            _ = field.send(.typed("\(i % 10)"))
            _ = field.send(key(.left))
        }
        XCTAssertEqual(field.history.undo.count, TextField.History.depth)
        for _ in 0..<(TextField.History.depth + 5) { _ = field.send(key(.z, .ctrl)) }
        XCTAssertEqual(field.text.count, 20, "the oldest steps are forgotten")
    }

    func testControlCharactersAreDroppedAndLineBreaksBecomeSpaces() {
        var field = TextField()
        let pasted = "a\tb\nc\u{0}d\u{7F}e\r\nf\u{2028}g\u{1B}[31m"
        assertStep(&field, .textArrived(pasted, from: .clipboard), effects: [.textChanged("a b cde f g[31m"), .inputMethodCaret(15)]) {
            $0.set("a b cde f g[31m", 15)
            $0.history.undo = [snap("", 0)]
        }
        assertStep(&field, .typed("\u{7}"), effects: [])
        XCTAssertEqual(TextField(text: "x\ny").text, "x y")
    }

    func testFormatCharactersStay() {
        let text = "\u{200F}שלום\u{200D}👍\u{FE0F}\u{2067}x\u{2069}"
        var field = TextField()
        _ = field.send(.typed(text))
        XCTAssertEqual(field.text, text, "marks, joiners and isolates are not control characters")
    }

    func testAPasteOverTheLimitIsCutAtAClusterAndReported() {
        var field = TextField.at("ab", limit: 10)
        assertStep(&field, .textArrived("0123456789", from: .clipboard), effects: [
            .truncated(limit: 10), .textChanged("ab01234567"), .inputMethodCaret(10),
        ]) {
            $0.set("ab01234567", 10)
            $0.history.undo = [snap("ab", 2)]
        }
        assertStep(&field, .typed("x"), effects: [.truncated(limit: 10)])
        field = TextField.at("abc", limit: 8)
        assertStep(&field, .typed("d👍🏽"), effects: [.truncated(limit: 8), .textChanged("abcd"), .inputMethodCaret(4)]) {
            $0.set("abcd", 4)
            $0.history.undo = [snap("abc", 3)]
            $0.history.typing = true
        }
        field = TextField.at("abcdefgh", 0, 8, limit: 8)
        assertStep(&field, .typed("👍"), effects: [.textChanged("👍"), .inputMethodCaret(1)]) {
            $0.set("👍", 1)
            $0.history.undo = [snap("abcdefgh", 0, 8)]
            $0.history.typing = true
        }
        XCTAssertEqual(TextField(text: "123456789", limit: 4).text, "1234")
    }

    func testAHugePasteIsCutWithoutReadingItAll() {
        var field = TextField()
        let huge = String(repeating: "Жx\n👩‍👩‍👧 ", count: 2_000_000)
        let started = ContinuousClock.now
        let effects = field.send(.textArrived(huge, from: .clipboard))
        let took = ContinuousClock.now - started
        XCTAssertEqual(effects.first, .truncated(limit: TextField.defaultLimit))
        XCTAssertLessThanOrEqual(field.text.utf8.count, TextField.defaultLimit)
        XCTAssertGreaterThan(field.text.utf8.count, TextField.defaultLimit - 30)
        XCTAssertLessThan(took, .milliseconds(500), "a paste of \(huge.utf8.count) bytes took \(took)")
    }
}
