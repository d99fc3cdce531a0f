@testable import AppCore
import XCTest

/// Caret steps by cluster and word, the selection by Shift, and the arrows mirrored in a
/// right-to-left paragraph.
final class TextFieldCaretTests: XCTestCase {
    /// Word steps toward the end from the start (Ctrl+Right, Ctrl+Left in a right-to-left
    /// paragraph) and back from the end visit these carets.
    private func assertWordSteps(_ text: String, forward: [Int], backward: [Int], file: StaticString = #filePath, line: UInt = #line) {
        var field = TextField.at(text, 0)
        let (ahead, back): (TextField.Key, TextField.Key) = field.isRightToLeft ? (.left, .right) : (.right, .left)
        var seen: [Int] = []
        for _ in forward {
            _ = field.send(key(ahead, .ctrl))
            seen.append(field.focus)
        }
        XCTAssertEqual(seen, forward, "word steps ahead through \(text)", file: file, line: line)
        field = TextField.at(text)
        seen = []
        for _ in backward {
            _ = field.send(key(back, .ctrl))
            seen.append(field.focus)
        }
        XCTAssertEqual(seen, backward, "word steps back through \(text)", file: file, line: line)
    }

    func testWordStepsFollowUnicodeWordBoundaries() {
        // don't | stop | 3.14 | http | ex.org: apostrophes and periods join letters, periods
        // join digits, a colon and slashes join nothing.
        assertWordSteps("don't stop 3.14, http://ex.org", forward: [5, 10, 15, 21, 30, 30], backward: [24, 17, 11, 6, 0, 0])
        assertWordSteps("snake_case  x", forward: [10, 13], backward: [12, 0])
        // Each ideograph and each Hiragana alone, a run of Katakana together.
        assertWordSteps("周末直播カタカナです", forward: [1, 2, 3, 4, 8, 9, 10], backward: [9, 8, 4, 3, 2, 1, 0])
        assertWordSteps("한국어 라이브", forward: [3, 7], backward: [4, 0])
        assertWordSteps("שידור חי, مباشر", forward: [5, 8, 15], backward: [10, 6, 0])
        assertWordSteps("a 👩‍👩‍👧 b", forward: [1, 5], backward: [4, 0])
        assertWordSteps("", forward: [0], backward: [0])
        assertWordSteps("  ...  ", forward: [7], backward: [0])
    }

    func testShiftExtendsAndAPlainArrowCollapses() {
        var field = TextField.at("hello world", 2)
        assertStep(&field, key(.right, .shift), effects: [.setPrimary("l"), .inputMethodCaret(3)]) { $0.set("hello world", 2, 3) }
        assertStep(&field, key(.right, .ctrlShift), effects: [.setPrimary("llo"), .inputMethodCaret(5)]) { $0.set("hello world", 2, 5) }
        assertStep(&field, key(.end, .shift), effects: [.setPrimary("llo world"), .inputMethodCaret(11)]) { $0.set("hello world", 2, 11) }
        assertStep(&field, key(.left), effects: [.inputMethodCaret(2)]) { $0.set("hello world", 2) }
        field = TextField.at("hello world", 2, 8)
        assertStep(&field, key(.right), effects: []) { $0.set("hello world", 8) }
        field = TextField.at("hello world", 8, 2)
        assertStep(&field, key(.right), effects: [.inputMethodCaret(8)]) { $0.set("hello world", 8) }
        field = TextField.at("hello world", 8, 2)
        assertStep(&field, key(.right, .ctrl), effects: [.inputMethodCaret(5)]) { $0.set("hello world", 5) }
        assertStep(&field, key(.home, .shift), effects: [.setPrimary("hello"), .inputMethodCaret(0)]) { $0.set("hello world", 5, 0) }
        assertStep(&field, key(.home), effects: []) { $0.set("hello world", 0) }
        assertStep(&field, key(.end), effects: [.inputMethodCaret(11)]) { $0.set("hello world", 11) }
    }

    func testArrowsAreMirroredInARightToLeftParagraph() {
        // Hebrew: Left reads on, toward the text's end; Right goes back.
        var field = TextField.at("שלום עולם", 0)
        XCTAssertTrue(field.isRightToLeft)
        assertStep(&field, key(.left), effects: [.inputMethodCaret(1)]) { $0.set("שלום עולם", 1) }
        assertStep(&field, key(.right), effects: [.inputMethodCaret(0)]) { $0.set("שלום עולם", 0) }
        assertStep(&field, key(.left, .ctrl), effects: [.inputMethodCaret(4)]) { $0.set("שלום עולם", 4) }
        assertStep(&field, key(.left, .ctrlShift), effects: [.setPrimary(" עולם"), .inputMethodCaret(9)]) { $0.set("שלום עולם", 4, 9) }
        assertStep(&field, key(.right, .ctrlShift), effects: [.setPrimary(" "), .inputMethodCaret(5)]) { $0.set("שלום עולם", 4, 5) }
        // Arabic first, Latin after: still a right-to-left paragraph.
        field = TextField.at("مرحبا abc", 0)
        _ = field.send(key(.left))
        XCTAssertEqual(field.focus, 1)
        // Latin first, Hebrew after: a left-to-right paragraph.
        field = TextField.at("abc שלום", 0)
        XCTAssertFalse(field.isRightToLeft)
        _ = field.send(key(.right))
        XCTAssertEqual(field.focus, 1)
        // Digits and punctuation are not strong: the app's language decides.
        XCTAssertTrue(TextField.at("123 ...", rightToLeftUI: true).isRightToLeft)
        XCTAssertFalse(TextField.at("123 ...").isRightToLeft)
        XCTAssertTrue(TextField.at("", rightToLeftUI: true).isRightToLeft)
        XCTAssertFalse(TextField.at("12 abc", rightToLeftUI: true).isRightToLeft)
        // The marks RLM and LRM are strong.
        XCTAssertTrue(TextField.at("\u{200F}abc").isRightToLeft)
        XCTAssertFalse(TextField.at("\u{200E}שלום").isRightToLeft)
        XCTAssertTrue(TextField.at("ߊ߲ ߞߊ߲").isRightToLeft, "N'Ko")
    }

    func testScrollKeepsTheCaretInView() {
        // A line that fits is not scrolled.
        XCTAssertEqual(TextFieldScroll.offset(caretX: 40, lineWidth: 50, fieldWidth: 100, current: 30), 0)
        // The caret past the right edge scrolls just enough, and only when it leaves the view.
        XCTAssertEqual(TextFieldScroll.offset(caretX: 150, lineWidth: 300, fieldWidth: 100, current: 0), 51)
        XCTAssertEqual(TextFieldScroll.offset(caretX: 120, lineWidth: 300, fieldWidth: 100, current: 51), 51)
        XCTAssertEqual(TextFieldScroll.offset(caretX: 40, lineWidth: 300, fieldWidth: 100, current: 51), 40)
        // At the line's end the caret shows at the field's right edge.
        XCTAssertEqual(TextFieldScroll.offset(caretX: 300, lineWidth: 300, fieldWidth: 100, current: 0), 201)
        XCTAssertEqual(TextFieldScroll.offset(caretX: 0, lineWidth: 300, fieldWidth: 100, current: 201), 0)
        // When the line gets shorter, it never leaves empty room on its right.
        XCTAssertEqual(TextFieldScroll.offset(caretX: 150, lineWidth: 150, fieldWidth: 100, current: 201), 51)
        XCTAssertEqual(TextFieldScroll.offset(caretX: 10, lineWidth: 300, fieldWidth: 100, current: -5), 0)
        XCTAssertEqual(TextFieldScroll.offset(caretX: 10, lineWidth: 300, fieldWidth: 0, current: 0), 11)
    }
}
