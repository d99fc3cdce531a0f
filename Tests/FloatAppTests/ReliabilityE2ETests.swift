import Foundation
import TestSupport
import XCTest

/// Input that once froze or confused the app: a 40,000-character title, stale state-file
/// temporaries left by a killed run.
final class ReliabilityE2ETests: AppE2ETestCase {
    func testAFortyThousandCharacterTitleLeavesTheAppResponsive() throws {
        let long = String(repeating: "Very long title ", count: 2_500)
        XCTAssertEqual(long.count, 40_000)
        let rooms: [RoomsFixture.Room] = [
            .live("long", title: long, source: RoomsFixture.colorSource("2a6f97")),
            .live("short", title: "Short", source: RoomsFixture.colorSource("6f2a97")),
        ]
        let started = Date()
        let session = try startApp(rooms: rooms)
        try session.run {
            try session.focusMain()
            session.desktop.key(.returnKey)
            try session.waitForEvents("open", ["room": "long"], timeout: 10)
            try session.waitForMainFrames(of: "long", timeout: 10)
            session.desktop.requestClose(session.mainWindow)
            let status = session.app.waitForExit(timeout: 5)
            XCTAssertEqual(status, .exited(0), "the app quits promptly when its window closes")
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "start, open and quit take seconds, not minutes")
        }
    }

    func testStaleStateTemporariesAreRemovedAtStart() throws {
        let desktop = try startDesktop()
        let stateHome = try TestPaths.makeTemporaryFolder(prefix: "floatapp-state")
        addTeardownBlock { try? FileManager.default.removeItem(at: stateHome) }
        let folder = stateHome.appendingPathComponent("floatapp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let deadPID = try Self.unusedPID()
        let dead = folder.appendingPathComponent(".state.json.\(deadPID).tmp")
        let old = folder.appendingPathComponent(".state.json.1.tmp")
        let live = folder.appendingPathComponent(".state.json.\(getpid()).tmp")
        let unrelated = folder.appendingPathComponent(".state.json.notapid.tmp")
        for file in [dead, old, live, unrelated] { try Data("{\"version\": 1}\n".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old.path)

        let roomsFile = try RoomsFixture(rooms: [.live("a", title: "A", source: RoomsFixture.colorSource("2a6f97"))])
            .write(in: desktop.workFolder)
        let app = try AppProcess.launch(
            ["--rooms", roomsFile.path], on: desktop, for: self, environment: ["XDG_STATE_HOME": stateHome.path])
        _ = try desktop.waitForWindow(.title("FloatApp"), timeout: 30)
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        try eventually("the dead writer's temporary is removed", timeout: 5) { !exists(dead) }
        XCTAssertFalse(exists(old), "a temporary older than a minute is removed whoever has its pid now")
        XCTAssertTrue(exists(live), "a running writer's fresh temporary stays")
        XCTAssertTrue(exists(unrelated), "files not named like a temporary stay")
        XCTAssertTrue(app.isRunning)
    }

    func testAnUnwritableStateFileIsReportedOnceInOneSentence() throws {
        let desktop = try startDesktop()
        let blocker = try TestPaths.makeTemporaryFolder(prefix: "floatapp-nostate")
        addTeardownBlock { try? FileManager.default.removeItem(at: blocker) }
        // XDG_STATE_HOME under a regular file: no folder can be made there.
        let notAFolder = blocker.appendingPathComponent("file")
        try Data().write(to: notAFolder)
        let roomsFile = try RoomsFixture(rooms: [.live("a", title: "A", source: RoomsFixture.colorSource("2a6f97"))])
            .write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: ["--open", "a", "--float"], on: desktop) { arguments in
            try AppProcess.launch(arguments, on: desktop, for: self, environment: ["XDG_STATE_HOME": notAFolder.path])
        }
        try session.run {
            let float = try session.waitForFloat(of: "A")
            try desktop.focus(float)
            for key in [Key.left, .up, .right] {
                let before = desktop.geometry(of: float)
                desktop.key(key)
                var last = before
                try eventually("the float moves after \(key) and settles", timeout: 5, poll: 0.25) {
                    let now = desktop.geometry(of: float)
                    defer { last = now }
                    return now != before && now == last
                }
            }
            desktop.requestClose(session.mainWindow)
            XCTAssertEqual(session.app.waitForExit(timeout: 5), .exited(0))
            let stderr = (try? String(contentsOf: session.app.process.stderrURL, encoding: .utf8)) ?? ""
            let warnings = stderr.split(separator: "\n").filter { $0.contains("place will not be remembered") }
            XCTAssertEqual(warnings.count, 1, "one warning for four failed saves:\n\(stderr)")
            XCTAssertTrue(warnings.first?.contains("\(notAFolder.path)/floatapp: Not a directory") ?? false, "\(warnings)")
            XCTAssertFalse(stderr.contains("Code=") || stderr.contains("(null)"), stderr)
        }
    }

    /// A pid that no process has now.
    private static func unusedPID() throws -> pid_t {
        for pid in stride(from: pid_t(4_000_000), to: 10, by: -99_991) where kill(pid, 0) != 0 && errno == ESRCH {
            return pid
        }
        throw HarnessError("every pid tried is in use")
    }
}

/// `--check-rooms` from standard input (a pipe, a redirect, `-` and `/dev/stdin`), and files
/// too large to be rooms files.
final class CheckRoomsInputE2ETests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-check")
        let created = folder!
        addTeardownBlock { try? FileManager.default.removeItem(at: created) }
    }

    func testStandardInputIsReadThroughDashAndDevStdin() throws {
        let valid = folder.appendingPathComponent("valid.json")
        try Data(#"{"rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc2"}]}"#.utf8).write(to: valid)
        let bin = TestPaths.floatappBinary.path
        for command in [
            "cat '\(valid.path)' | '\(bin)' --check-rooms -",
            "cat '\(valid.path)' | '\(bin)' --check-rooms /dev/stdin",
            "'\(bin)' --check-rooms - < '\(valid.path)'",
            "'\(bin)' --check-rooms /dev/stdin < '\(valid.path)'",
        ] {
            let outcome = try shell(command)
            XCTAssertEqual(outcome.status, .exited(0), "\(command): \(outcome.stderr)")
            XCTAssertTrue(outcome.stdout.contains("OK, 1 room"), "\(command): \(outcome.stdout)")
        }
        let broken = try shell("printf '{\"rooms\": [' | '\(bin)' --check-rooms -")
        XCTAssertEqual(broken.status, .exited(2))
        XCTAssertTrue(broken.stderr.hasPrefix("<stdin>:1:"), "a located error: \(broken.stderr)")
    }

    func testAFileOverFourMiBIsRefusedByName() throws {
        let huge = folder.appendingPathComponent("huge.json")
        let title = String(repeating: "\\u00e9", count: 800_000)
        try Data(#"{"rooms": [{"id": "a", "title": "\#(title)", "kind": "live", "source": "lavfi:testsrc2"}]}"#.utf8)
            .write(to: huge)
        let started = Date()
        let outcome = try shell("'\(TestPaths.floatappBinary.path)' --check-rooms '\(huge.path)'")
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertTrue(outcome.stderr.contains(huge.path) && outcome.stderr.contains("4 MiB"), outcome.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let piped = try shell("cat '\(huge.path)' | '\(TestPaths.floatappBinary.path)' --check-rooms -")
        XCTAssertEqual(piped.status, .exited(2))
        XCTAssertTrue(piped.stderr.contains("standard input") && piped.stderr.contains("4 MiB"), piped.stderr)
    }

    private func shell(_ command: String) throws -> (status: ExitStatus, stdout: String, stderr: String) {
        let logs = folder.appendingPathComponent("run-\(UUID().uuidString)")
        let process = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", command],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
                          "HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_STATE_HOME": folder.path],
            stdoutURL: logs.appendingPathExtension("stdout"), stderrURL: logs.appendingPathExtension("stderr"))
        guard let status = process.waitForExit(timeout: 20) else {
            process.terminate(grace: 0)
            throw HarnessError("\(command) did not exit within 20 s")
        }
        return (status, (try? String(contentsOf: process.stdoutURL, encoding: .utf8)) ?? "",
                (try? String(contentsOf: process.stderrURL, encoding: .utf8)) ?? "")
    }
}
