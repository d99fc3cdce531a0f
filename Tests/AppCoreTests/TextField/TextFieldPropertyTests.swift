@testable import AppCore
import TestSupport
import XCTest

/// Random action sequences, seeded (`FLOATAPP_SEED=n` replays a run), keep the text field's
/// invariants.
final class TextFieldPropertyTests: XCTestCase {
    /// Clusters of every kind the field must keep whole, and characters it must drop or change.
    private let pieces = [
        "a", "Z", " ", "e\u{301}", "👩‍👩‍👧", "🇰🇷", "👍🏽", "한", "\u{1112}\u{1161}\u{11AB}", "ש", "م", "周", "カ", "\u{301}",
        "\u{200D}", "\u{1F1EF}", "\n", "\r\n", "\t", "\u{0}", "\u{1B}", "3", ".", "'", "_", "\u{200F}",
    ]

    private func randomText(_ random: inout SeededRandom, most: Int) -> String {
        String((0..<Int.random(in: 0...most, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
    }

    private func randomAction(_ field: TextField, _ random: inout SeededRandom) -> TextField.Action {
        let index = Int.random(in: -2...(field.text.count + 2), using: &random)
        let modifiers = TextField.Modifiers(shift: Bool.random(using: &random), ctrl: Int.random(in: 0..<3, using: &random) == 0)
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1: return .typed(randomText(&random, most: 3))
        case 2: return .preeditChanged(randomText(&random, most: 3), start: Int.random(in: -1...5, using: &random),
                                       length: Int.random(in: -1...3, using: &random))
        case 3, 4, 5:
            let keys: [TextField.Key] = [.left, .right, .home, .end, .backspace, .delete, .a, .c, .x, .v, .y, .z]
            return .keyPressed(keys.randomElement(using: &random)!, modifiers)
        case 6: return .pointerPressed(at: index, clicks: Int.random(in: 1...4, using: &random))
        case 7: return .pointerDragged(to: index)
        case 8: return .pointerReleased
        case 9: return .middleClicked(at: index)
        case 10: return .keyPressed(.z, .ctrl)
        default: return .textArrived(randomText(&random, most: 30), from: Bool.random(using: &random) ? .clipboard : .primary)
        }
    }

    func testRandomActionsKeepTheInvariants() {
        var random = SeededRandom(seed: SeededRandom.runSeed(for: "TextFieldPropertyTests.testRandomActionsKeepTheInvariants"))
        for _ in 0..<300 {
            var field = TextField(limit: [0, 1, 7, 40, 200].randomElement(using: &random)!,
                                  rightToLeftUI: Bool.random(using: &random))
            for _ in 0..<60 {
                let action = randomAction(field, &random)
                let before = field
                let effects = field.send(action)
                let what = "\(action) on \(before.snapshot)"
                assertInvariants(field, what)
                assertEffects(effects, before: before, after: field, what)
                assertUndoRedoRoundTrips(field, what)
            }
        }
    }

    private func assertInvariants(_ field: TextField, _ what: String) {
        let count = field.text.count
        XCTAssertTrue((0...count).contains(field.anchor) && (0...count).contains(field.focus), "selection outside the text: \(what)")
        XCTAssertLessThanOrEqual(field.text.utf8.count, field.limit, what)
        XCTAssertFalse(field.text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character: \(what)")
        for snapshot in field.history.undo + field.history.redo {
            XCTAssertTrue(snapshot.anchor <= snapshot.text.count && snapshot.focus <= snapshot.text.count, "history: \(what)")
            XCTAssertLessThanOrEqual(snapshot.text.utf8.count, field.limit, what)
        }
        XCTAssertLessThanOrEqual(field.history.undo.count, TextField.History.depth)
        if let preedit = field.preedit {
            XCTAssertFalse(preedit.text.isEmpty, what)
            XCTAssertTrue(preedit.cursor >= 0 && preedit.length >= 0 && preedit.cursor + preedit.length <= preedit.text.count, what)
        }
        let shown = field.shown
        XCTAssertTrue((0...shown.text.count).contains(shown.caret), "shown caret: \(what)")
        XCTAssertLessThanOrEqual(shown.preedit?.upperBound ?? 0, shown.text.count, what)
        // Offsets are whole clusters: the text cut at the caret joins back into the same clusters.
        let characters = Array(field.text)
        XCTAssertEqual(Array(String(characters[..<field.focus])) + Array(String(characters[field.focus...])), characters, what)
    }

    private func assertEffects(_ effects: [TextField.Effect], before: TextField, after: TextField, _ what: String) {
        var textChanges = 0
        for effect in effects {
            switch effect {
            case .textChanged(let text):
                textChanges += 1
                XCTAssertEqual(text, after.text, what)
            case .setPrimary(let text):
                XCTAssertEqual(text, after.selectedText, what)
                XCTAssertFalse(text.isEmpty, what)
            case .inputMethodCaret(let index):
                XCTAssertEqual(index, after.shown.caret, what)
            case .copy(let text):
                XCTAssertFalse(text.isEmpty, what)
            case .truncated(let limit):
                XCTAssertEqual(limit, after.limit, what)
            case .requestClipboard, .requestPrimary:
                break
            }
        }
        XCTAssertEqual(textChanges, before.text == after.text ? 0 : 1, what)
    }

    /// Undo then redo (and redo then undo) give back the text and selection.
    private func assertUndoRedoRoundTrips(_ field: TextField, _ what: String) {
        guard field.preedit == nil else { return }
        if !field.history.undo.isEmpty {
            var copy = field
            _ = copy.send(key(.z, .ctrl))
            _ = copy.send(key(.y, .ctrl))
            XCTAssertEqual(copy.snapshot, field.snapshot, "undo, redo after \(what)")
        }
        if !field.history.redo.isEmpty {
            var copy = field
            _ = copy.send(key(.y, .ctrl))
            _ = copy.send(key(.z, .ctrl))
            XCTAssertEqual(copy.snapshot, field.snapshot, "redo, undo after \(what)")
        }
    }
}
