import Files
import Foundation
import XCTest

/// Files written whole or not at all (P15), in a fresh folder per test.
final class AtomicFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "atomic-file-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// XCTest keeps every test case alive to the end of the run: the folder's name is dropped
    /// here, so LeakSanitizer sees no string held by a finished test.
    override func tearDownWithError() throws {
        defer { folder = "" }
        try FileManager.default.removeItem(atPath: folder)
    }

    private func names(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    func testWriteMakesFoldersReplacesAndLeavesNoTemporary() throws {
        let path = folder + "/a/b/state.json"
        try AtomicFile.write(Data("old".utf8), to: path)
        try AtomicFile.write(Data("new".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try names(in: folder + "/a/b"), ["state.json"])
    }

    func testWriteIntoAFileFailsWithTheReasonAndChangesNothing() throws {
        let blocker = folder + "/blocker"
        try AtomicFile.write(Data("kept".utf8), to: blocker)
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: blocker + "/state.json")) { error in
            XCTAssertTrue("\(error)".contains(blocker), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: blocker, encoding: .utf8), "kept")
        XCTAssertEqual(try names(in: folder), ["blocker"])
    }

    func testStaleTemporaryOfThisProcessIsRemovedOthersStay() throws {
        let path = folder + "/state.json"
        let own = folder + "/.state.json.\(getpid()).tmp"
        let unrelated = folder + "/.state.json.notapid.tmp"
        XCTAssertTrue(FileManager.default.createFile(atPath: own, contents: Data("half".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: unrelated, contents: Data()))
        AtomicFile.removeStaleTemporaries(of: path)
        XCTAssertEqual(try names(in: folder), [".state.json.notapid.tmp"])
    }
}
