import Files
import Foundation
import Rooms
import TestSupport
import XCTest

/// A save of the user's rooms file killed at any moment (R6): a child process runs the app's
/// own save code in a loop (`RoomsSaveLoop`, adding a room and deleting it again) and is sent
/// SIGKILL at seeded random moments; the file left is always the old text or the new one,
/// whole, and loads.
final class RoomsFileKillTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "rooms-kill-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        defer { folder = "" }
        try FileManager.default.removeItem(atPath: folder)
    }

    /// The child, built beside the test bundle.
    private var loopBinary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("RoomsSaveLoop").path
    }

    func testAKilledSaveLeavesTheOldFileOrTheNewWhole() throws {
        let seed = SeededRandom.runSeed(for: "RoomsFileKillTests")
        var random = SeededRandom(seed: seed)
        let path = folder + "/rooms.json"
        let old = "{\n  \"me\": {\"name\": \"Ann\"},\n  \"rooms\": [\n    {\"id\": \"a\", \"title\": \"A\", \"kind\": \"live\", \"source\": \"/a.mkv\"}\n  ]\n}\n"
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        let new = String(decoding: try RoomsFileText.adding(
            NewRoom(id: "kill-test", title: "Kill test", source: "https://127.0.0.1:9/kill.m3u8"),
            into: Array(old.utf8), fileName: "rooms.json"), as: UTF8.self)
        var seen: Set<String> = []
        for round in 0..<20 {
            let log = URL(fileURLWithPath: folder + "/loop-\(round)")
            let child = try ChildProcess(executable: loopBinary, arguments: [path], environment: [:],
                                         stdoutURL: log.appendingPathExtension("out"), stderrURL: log.appendingPathExtension("err"))
            try eventually("the save loop started (seed \(seed))", timeout: 10, poll: 0.002) {
                ChildProcess.text(of: log.appendingPathExtension("out")).contains("ready")
                    || !child.isRunning
            }
            XCTAssertTrue(child.isRunning, "seed \(seed): \(child.outputTail())")
            usleep(UInt32.random(in: 0...30_000, using: &random))
            child.send(SIGKILL)
            XCTAssertEqual(child.waitForExit(timeout: 10), .signaled(SIGKILL), "seed \(seed)")
            let left = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(left == old || left == new, "seed \(seed), round \(round): a mixed file:\n\(left)")
            XCTAssertNoThrow(try RoomsLoader.load(path: path), "seed \(seed), round \(round)")
            seen.insert(left == old ? "old" : "new")
            try FileManager.default.removeItem(atPath: log.appendingPathExtension("out").path)
            try FileManager.default.removeItem(atPath: log.appendingPathExtension("err").path)
        }
        print("RoomsFileKillTests: 20 kills left \(seen.sorted()) files")
        AtomicFile.removeStaleTemporaries(of: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["rooms.json"],
                       "what killed saves left beside the file is removed")
    }
}
