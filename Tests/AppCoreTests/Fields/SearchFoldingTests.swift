@testable import AppCore
import Rooms
import XCTest

/// W11: what the search folds and finds: case and accents ignored, other scripts by substring,
/// and each room's text folded once however often the query changes.
final class SearchFoldingTests: XCTestCase {
    private func listed(_ rooms: [Room]) -> ListedRooms {
        ListedRooms(parts: [ListedRooms.Part(rooms: rooms, indexByID: nil)], sections: [])
    }

    private func fold(_ text: String) -> String {
        var folding = SearchFolding()
        return folding.fold(text)
    }

    func testCaseAndAccentsAreFoldedAway() {
        XCTAssertEqual(fold("Café CRÈME"), "cafe creme")
        XCTAssertEqual(fold("Straße"), "strasse", "ß folds to ss as Unicode's case folding says")
        XCTAssertEqual(fold("ΟΔΥΣΣΕΥΣ"), fold("οδυσσευς"), "final sigma and capital sigma fold alike")
        XCTAssertEqual(fold("İstanbul"), "istanbul")
        XCTAssertEqual(fold("Ｆｕｌｌ"), "full", "full-width forms fold to plain ones")
        XCTAssertEqual(fold("e\u{301}te\u{301}"), "ete", "a decomposed accent goes as a composed one does")
    }

    func testOtherScriptsAreKeptForSubstringSearch() {
        XCTAssertEqual(fold("한국 뉴스"), "한국 뉴스")
        XCTAssertEqual(fold("東京ライブ"), "東京ライブ")
        XCTAssertEqual(fold("قناة الأخبار"), fold("قناة الأخبار"))
        XCTAssertTrue(SearchIndex.contains(fold("서울 한국 뉴스"), fold("국 뉴")))
        XCTAssertTrue(SearchIndex.contains(fold("東京ライブ"), fold("ライ")))
        XCTAssertFalse(SearchIndex.contains(fold("東京ライブ"), fold("大阪")))
        XCTAssertTrue(SearchIndex.contains("abc", ""), "an empty word is in every text")
        XCTAssertFalse(SearchIndex.contains("ab", "abc"))
    }

    func testEveryWordOfTheQueryMustBeFoundInTheTitleDetailOrParticipants() {
        let rooms = [
            Room(id: "a", title: "Café del Mar", media: .live(source: .lavfi(graph: "testsrc2"))),
            Room(id: "b", title: "Standup", media: .call(participants: [Participant(name: "Zoë", source: .lavfi(graph: "testsrc2"))])),
        ]
        var index = SearchIndex()
        index.update(query: "cafe MAR", listed: { listed(rooms) }, text: { AppState.searchedText($0) })
        XCTAssertEqual(index.matches, [0])
        index.update(query: "zoe", listed: { listed(rooms) }, text: { AppState.searchedText($0) })
        XCTAssertEqual(index.matches, [1], "a participant's name is searched")
        index.update(query: "live stream", listed: { listed(rooms) }, text: { AppState.searchedText($0) })
        XCTAssertEqual(index.matches, [0], "the row's detail is searched")
        index.update(query: "   ", listed: { listed(rooms) }, text: { AppState.searchedText($0) })
        XCTAssertNil(index.matches, "spaces alone search nothing")
    }

    func testEachRoomIsFoldedOnceWhileTheQueryChangesAndAgainOnlyWhenItChanges() {
        var rooms = (0..<1000).map { Room(id: "r\($0)", title: "Chaîne \($0)", media: .live(source: .lavfi(graph: "testsrc2"))) }
        var index = SearchIndex()
        var folded = 0
        let text = { (room: Room) -> String in
            folded += 1
            return room.title
        }
        for query in ["c", "ch", "cha", "chai", "chaine 99"] { index.update(query: query, listed: { listed(rooms) }, text: text) }
        XCTAssertEqual(folded, 1000, "typing a query folds every room once, not once a keystroke")
        let with99 = (0..<1000).filter { String($0).contains("99") }
        XCTAssertEqual(index.matches, with99)
        rooms[5].title = "Chaîne 995"
        index.update(query: "chaine 99", listed: { listed(rooms) }, text: text)
        XCTAssertEqual(folded, 1001, "a changed room alone is folded again")
        XCTAssertEqual(index.matches, [5] + with99)
        index.update(query: "chaine 9", listed: { listed(rooms) }, text: text)
        XCTAssertEqual(index.matches, rooms.indices.filter { rooms[$0].title.contains("9") }, "a shorter query finds more again")
        index.update(query: "9 chaine 99", listed: { listed(rooms) }, text: text)
        XCTAssertEqual(index.matches, [5] + with99, "words typed in another order narrow the same way")
    }
}
