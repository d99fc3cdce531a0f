import EngineTerms
import Files
import Foundation
import Rooms
import XCTest

/// The user's rooms file saved as rooms are added, deleted and put back (R6): made when missing
/// (from the rooms the app runs from), edited in place otherwise, never written when it does not
/// parse.
final class UserRoomsFileTests: XCTestCase {
    private var folder = ""
    private let news = NewRoom(id: "news", title: "News", source: "https://example.test/news.m3u8")

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "user-rooms-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        defer { folder = "" }
        try FileManager.default.removeItem(atPath: folder)
    }

    private func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testAMissingFileAndFolderAreMadeFromTheSeedWithItsRoomsKept() throws {
        let seed = folder + "/builtin.json"
        let seedText = "{\n  \"rooms\": [\n    {\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"lavfi:testsrc2\"}\n  ]\n}\n"
        try seedText.write(toFile: seed, atomically: false, encoding: .utf8)
        let path = folder + "/config/floatapp/rooms.json"
        let saved = try UserRoomsFile.add(news, to: path, seed: seed)
        XCTAssertEqual(saved.rooms.map(\.id), ["a", "news"])
        XCTAssertEqual(try read(seed), seedText, "the seed is only read")
        XCTAssertEqual(try RoomsLoader.load(path: path).rooms.map(\.id), ["a", "news"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/config/floatapp"), ["rooms.json"])
    }

    func testWithoutASeedTheNewFileHoldsTheRoomAlone() throws {
        let path = folder + "/rooms.json"
        XCTAssertEqual(try UserRoomsFile.add(news, to: path, seed: nil).rooms.map(\.id), ["news"])
        XCTAssertEqual(try RoomsLoader.load(path: path).rooms.map(\.title), ["News"])
    }

    func testRemoveAndRestoreLeaveTheFileAsItWas() throws {
        let path = folder + "/rooms.json"
        let text = "{\"me\": {\"name\": \"Ann\"},\n \"rooms\": [\n\t{\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"/a\"}\n ]}"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        _ = try UserRoomsFile.add(news, to: path, seed: nil)
        let added = try read(path)
        XCTAssertTrue(added.hasPrefix("{\"me\": {\"name\": \"Ann\"},\n \"rooms\": [\n\t{\"id\": \"a\""), added)
        let removed = try UserRoomsFile.remove("a", from: path)
        XCTAssertEqual(removed.saved.rooms.map(\.id), ["news"])
        XCTAssertEqual(removed.index, 0)
        _ = try UserRoomsFile.restore(removed.element, at: removed.index, in: path)
        XCTAssertEqual(try read(path), added)
    }

    func testAFileThatDoesNotParseIsNeverWritten() throws {
        let path = folder + "/rooms.json"
        let broken = "{\"rooms\": [\n  {\"id\": \"a\", \"title\": \"A\" \"kind\": \"live\", \"source\": \"/a\"}\n]}\n"
        try broken.write(toFile: path, atomically: false, encoding: .utf8)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertThrowsError(try UserRoomsFile.add(news, to: path, seed: nil)) { error in
            guard case .edit(.fileInvalid(let problems))? = error as? RoomsSaveError else { return XCTFail("\(error)") }
            XCTAssertEqual(problems.problems.first?.position, TextPosition(line: 2, column: 28))
        }
        XCTAssertThrowsError(try UserRoomsFile.remove("a", from: path))
        XCTAssertEqual(try read(path), broken)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["rooms.json"])
    }

    func testAnUnwritableFolderIsReportedAndTheFileKept() throws {
        let blocker = folder + "/blocker"
        try "x".write(toFile: blocker, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try UserRoomsFile.add(news, to: blocker + "/rooms.json", seed: nil)) { error in
            guard case .write(let failure)? = error as? RoomsSaveError else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.step, .createFile, "the folder is a file")
        }
        XCTAssertEqual(try read(blocker), "x")
    }
}
