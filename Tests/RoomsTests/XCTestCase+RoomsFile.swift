import AppCore
import Rooms
import XCTest

extension XCTestCase {
    /// The rooms file `text` (named `fileName`) as parsed, a value to compare.
    func parseRooms(_ text: String, fileName: String = "rooms.json") -> Result<RoomsConfig, RoomsFileError> {
        Result { () throws(RoomsFileError) in try RoomsFile.parse(Array(text.utf8), fileName: fileName) }
    }

    /// The messages AppCore words the rooms file `text`'s problems with, failing when it parses.
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
