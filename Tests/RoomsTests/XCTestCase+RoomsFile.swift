import AppCore
import Rooms
import XCTest

extension XCTestCase {
    /// The rooms file `text` parsed, as a value to compare.
    func parseRoomsFile(_ text: String, fileName: String = "rooms.json") -> Result<RoomsConfig, RoomsFileError> {
        Result { () throws(RoomsFileError) in try RoomsFile.parse(Array(text.utf8), fileName: fileName) }
    }

    /// The messages AppCore words a bad rooms file's problems with; a failure when `text` is valid.
    func roomsFileMessages(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        switch parseRoomsFile(text) {
        case .success(let config):
            XCTFail("expected problems, parsed \(config)", file: file, line: line)
            return []
        case .failure(let error):
            return error.messages
        }
    }
}
