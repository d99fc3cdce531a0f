import Rooms
import XCTest

extension XCTestCase {
    /// The rooms file `text` (named `rooms.json`) as parsed.
    func parseRooms(_ text: String) -> Result<RoomsConfig, RoomsFileError> {
        RoomsFile.parse(Array(text.utf8), fileName: "rooms.json")
    }

    /// The problems of the rooms file `text`, failing when it parses.
    func roomsProblems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        switch parseRooms(text) {
        case .success(let config):
            XCTFail("expected problems, parsed \(config)", file: file, line: line)
            return []
        case .failure(let error):
            return error.messages
        }
    }
}
