import Foundation
import TestSupport
import XCTest

/// Rooms files through the real binary (R4): `--check-rooms` exit statuses and messages, and a
/// bad `--rooms` file stopping the app before it opens a window or writes anything.
final class RoomsFileE2ETests: DesktopTestCase {
    /// What one run of floatapp left behind.
    private struct Outcome {
        let status: ExitStatus
        let stdout: String
        let stderr: String
        /// Lines of standard error, without empty ones.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    private static let source = "lavfi:testsrc2=size=640x360:rate=30"
    private var folder: URL!
    private var files: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-rooms")
        files = folder.appendingPathComponent("files")
        for name in ["files", "config", "state", "home"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let created = folder!
        addTeardownBlock { try? FileManager.default.removeItem(at: created) }
    }

    // MARK: --check-rooms

    func testCheckRoomsAcceptsAValidFile() throws {
        let participants = (1...16).map { #"{"name": "P\#($0)", "source": "\#(Self.source)"}"# }
        let text = """
            {"rooms": [
              {"id": "live-1", "title": "Live", "kind": "live", "source": "\(Self.source)"},
              {"id": "call-16", "title": "Call", "kind": "call", "participants": [\(participants.joined(separator: ", "))]}
            ],
            "settings": {"auto_pip": false, "auto_exit": true}}
            """
        let outcome = try checkRooms("valid.json", text)
        XCTAssertEqual(outcome.status, .exited(0), outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("valid.json: OK, 2 rooms"), "stdout: \(outcome.stdout)")
        XCTAssertEqual(outcome.stderr, "")
        try assertNothingWritten(besides: ["valid.json"])
    }

    func testCheckRoomsReportsMalformedJSON() throws {
        let text = """
            {"rooms": [
              {"id": "one", "title": "One", "kind": "live", "source": "\(Self.source)",}
            ]}
            """
        let outcome = try checkRooms("malformed.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        // The parser stops at the `}` after the trailing comma.
        let place = Self.place(of: ",}", in: text, columnOffset: 1)
        XCTAssertEqual(outcome.errorLines.count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("malformed.json:\(place): "), "stderr: \(outcome.stderr)")
        XCTAssertEqual(outcome.stdout, "")
        try assertNothingWritten(besides: ["malformed.json"])
    }

    func testCheckRoomsReportsADuplicateID() throws {
        let text = """
            {"rooms": [
              {"id": "same", "title": "A", "kind": "live", "source": "\(Self.source)"},
              {"id": "same", "title": "B", "kind": "live", "source": "\(Self.source)"}
            ]}
            """
        let outcome = try checkRooms("duplicate.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertEqual(outcome.errorLines, [
            "duplicate.json:\(Self.place(of: #""same""#, occurrence: 2, in: text)): rooms[1].id: "
                + #"duplicate id "same" (first at rooms[0])"#,
        ])
        try assertNothingWritten(besides: ["duplicate.json"])
    }

    func testCheckRoomsReportsAMissingSource() throws {
        let text = """
            {"rooms": [
              {"id": "no-source", "title": "No source", "kind": "live"}
            ]}
            """
        let outcome = try checkRooms("missing.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertEqual(outcome.errorLines, [
            "missing.json:\(Self.place(of: #"{"id""#, in: text)): rooms[0]: "
                + #"missing field "source" (a live room needs one)"#,
        ])
        try assertNothingWritten(besides: ["missing.json"])
    }

    func testCheckRoomsReportsABadScheme() throws {
        let text = """
            {"rooms": [
              {"id": "concat", "title": "Concat", "kind": "live", "source": "concat:x"}
            ]}
            """
        let outcome = try checkRooms("scheme.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertEqual(outcome.errorLines.count, 1, outcome.stderr)
        let expected = "scheme.json:\(Self.place(of: #""concat:x""#, in: text)): rooms[0].source: "
            + #"unsupported source scheme "concat:""#
        XCTAssertTrue(outcome.stderr.hasPrefix(expected), "expected \(expected)...\nstderr: \(outcome.stderr)")
        try assertNothingWritten(besides: ["scheme.json"])
    }

    func testCheckRoomsReportsABadServerURLAndAMissingServerFieldWithTheirPlaces() throws {
        let text = """
            {"servers": [
              {"id": "s1", "title": "S1", "stats": "ftp://x/stat", "play": "rtmp://h/live/{stream}"},
              {"id": "s2", "title": "S2", "stats": "http://h/stat"}
            ],
             "rooms": [{"id": "a", "title": "A", "kind": "live", "source": "lavfi:testsrc2"}]}
            """
        let outcome = try checkRooms("servers.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertEqual(outcome.errorLines, [
            "servers.json:\(Self.place(of: #""ftp://x/stat""#, in: text)): servers[0].stats: "
                + #"expected a URL starting with http://, https://, found "ftp://x/stat""#,
            "servers.json:\(Self.place(of: #"{"id": "s2""#, in: text)): servers[1]: missing field \"play\" (a URL with {stream})",
        ], outcome.stderr)
        try assertNothingWritten(besides: ["servers.json"])
    }

    func testCheckRoomsReportsZeroAndSeventeenParticipants() throws {
        for count in [0, 17] {
            let participants = (0..<count).map { #"{"name": "P\#($0)", "source": "\#(Self.source)"}"# }
            let text = """
                {"rooms": [
                  {"id": "call", "title": "Call", "kind": "call",
                   "participants": [\(participants.joined(separator: ", "))]}
                ]}
                """
            let name = "participants-\(count).json"
            let outcome = try checkRooms(name, text)
            XCTAssertEqual(outcome.status, .exited(2), "\(count) participants")
            XCTAssertEqual(outcome.errorLines, [
                "\(name):\(Self.place(of: "[", occurrence: 2, in: text)): rooms[0].participants: "
                    + "a call needs 1 to 16 participants, found \(count)",
            ])
        }
        try assertNothingWritten(besides: ["participants-0.json", "participants-17.json"])
    }

    func testCheckRoomsReportsEveryProblemInFileOrder() throws {
        let text = """
            {"rooms": [
              {"id": "same", "title": "A", "kind": "live", "source": "concat:x"},
              {"id": "same", "title": "B", "kind": "live", "source": "\(Self.source)"}
            ]}
            """
        let outcome = try checkRooms("several.json", text)
        XCTAssertEqual(outcome.status, .exited(2))
        let lines = outcome.errorLines
        XCTAssertEqual(lines.count, 2, outcome.stderr)
        XCTAssertTrue(
            lines.first?.hasPrefix("several.json:\(Self.place(of: #""concat:x""#, in: text)): rooms[0].source: ") == true,
            outcome.stderr)
        XCTAssertEqual(
            lines.last,
            "several.json:\(Self.place(of: #""same""#, occurrence: 2, in: text)): rooms[1].id: "
                + #"duplicate id "same" (first at rooms[0])"#)
    }

    // MARK: --rooms

    func testRunWithABadRoomsFileExitsWithoutAWindow() throws {
        let desktop = try startDesktop(windowManager: .none)
        let text = """
            {"rooms": [
              {"id": "call", "title": "Call", "kind": "call", "participants": []}
            ]}
            """
        let file = files.appendingPathComponent("bad.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        var app: AppProcess?
        var status: ExitStatus?
        let created = try desktop.rootWindowsCreated {
            let launched = try launchApp(["--rooms", file.path], on: desktop)
            app = launched
            status = launched.waitForExit(timeout: 20)
        }
        let started = try XCTUnwrap(app)
        XCTAssertEqual(status, .exited(2), started.outputTail())
        XCTAssertEqual(created, 0, "the app opened no window")
        let stderr = (try? String(contentsOf: started.process.stderrURL, encoding: .utf8)) ?? ""
        XCTAssertTrue(
            stderr.contains(
                "bad.json:\(Self.place(of: "[]", in: text)): rooms[0].participants: "
                    + "a call needs 1 to 16 participants, found 0"),
            "stderr: \(stderr)")
        for home in [started.configHome, started.stateHome, started.folder.appendingPathComponent("home")] {
            XCTAssertEqual(try Self.contents(of: home), [], "nothing is written under \(home.path)")
        }
        try assertNothingWritten(besides: ["bad.json"])
    }

    // MARK: Helpers

    /// Writes `text` as `name` and runs `floatapp --check-rooms` on it with private XDG folders and no display.
    private func checkRooms(_ name: String, _ text: String) throws -> Outcome {
        let file = files.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        let logs = folder.appendingPathComponent("logs-\(name)")
        let process = try ChildProcess(
            executable: TestPaths.floatappBinary.path,
            arguments: ["--check-rooms", file.path],
            environment: [
                "HOME": folder.appendingPathComponent("home").path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "LANG": "C.UTF-8",
            ],
            stdoutURL: logs.appendingPathExtension("stdout"),
            stderrURL: logs.appendingPathExtension("stderr"))
        guard let status = process.waitForExit(timeout: 20) else {
            process.terminate(grace: 0)
            throw HarnessError("floatapp --check-rooms \(name) did not exit within 20 s\n\(process.outputTail())")
        }
        process.terminate(grace: 0)
        return Outcome(
            status: status,
            stdout: (try? String(contentsOf: process.stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: process.stderrURL, encoding: .utf8)) ?? "")
    }

    /// Checks that the XDG folders are empty and the rooms folder holds only the files the test wrote.
    private func assertNothingWritten(besides inputs: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for name in ["config", "state", "home"] {
            XCTAssertEqual(
                try Self.contents(of: folder.appendingPathComponent(name)), [], "nothing is written under \(name)",
                file: file, line: line)
        }
        XCTAssertEqual(try Self.contents(of: files), inputs.sorted(), file: file, line: line)
    }

    /// Every path below `folder`, sorted.
    private static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    }

    /// `line:column` (1-based, as the app prints places) of the `occurrence`-th `needle` in `text`,
    /// moved right by `columnOffset` characters.
    private static func place(of needle: String, occurrence: Int = 1, in text: String, columnOffset: Int = 0) -> String {
        var seen = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let found = rest.range(of: needle) {
                seen += 1
                if seen == occurrence {
                    let column = line.unicodeScalars.distance(from: line.startIndex, to: found.lowerBound)
                    return "\(index + 1):\(column + 1 + columnOffset)"
                }
                rest = rest[found.upperBound...]
            }
        }
        return "no \(needle) #\(occurrence) in the text"
    }
}
