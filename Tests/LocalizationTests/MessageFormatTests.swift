import Localization
import XCTest

/// The C-style slots of messages, filled without a catalog (the English source text).
final class MessageFormatTests: XCTestCase {
    func testSlotsTakeTheArgumentsInOrder() {
        XCTAssertEqual(tr("Reconnecting (attempt %d), next try in %d s", 2, 5), "Reconnecting (attempt 2), next try in 5 s")
        XCTAssertEqual(tr("No room with id “%s”", "studio"), "No room with id “studio”")
    }

    func testNumberedSlotsReorderAndRepeat() {
        XCTAssertEqual(tr("%2$s before %1$s, then %2$s", "a", "b"), "b before a, then b")
    }

    func testPercentSignsAndUnknownSlotsStay() {
        XCTAssertEqual(tr("Buffering %d%%", 40), "Buffering 40%")
        XCTAssertEqual(tr("100%% %x %", 1), "100% %x %")
    }

    func testAMissingArgumentLeavesTheSlotEmpty() {
        XCTAssertEqual(tr("%s and %s", "one"), "one and ")
    }

    func testPluralsFallBackToEnglishWithoutACatalog() {
        XCTAssertEqual(trn("%d room", "%d rooms", 1), "1 room")
        XCTAssertEqual(trn("%d room", "%d rooms", 0), "0 rooms")
        XCTAssertEqual(trn("%d room", "%d rooms", 7), "7 rooms")
        XCTAssertEqual(trn("%2$s: OK, %1$d room", "%2$s: OK, %1$d rooms", 2, "a.json"), "a.json: OK, 2 rooms")
    }
}
