import Foundation
import TestSupport
import XCTest

/// The command line (SPEC section 6) of the real binary: help, version, usage errors, an unknown room.
final class CommandLineE2ETests: AppE2ETestCase {
    private struct Outcome {
        let status: ExitStatus
        let stdout: String
        let stderr: String
    }

    /// Runs floatapp with `arguments` and no display, waiting for it to exit.
    private func runFloatapp(_ arguments: [String]) throws -> Outcome {
        let folder = try TestPaths.artifactsFolder(for: name)
        let home = try TestPaths.makeTemporaryFolder(prefix: "floatapp-cli")
        defer { try? FileManager.default.removeItem(at: home) }
        let stdoutURL = folder.appendingPathComponent("floatapp.stdout.log")
        let stderrURL = folder.appendingPathComponent("floatapp.stderr.log")
        let process = try ChildProcess(
            executable: TestPaths.floatappBinary.path, arguments: arguments,
            environment: [
                "HOME": home.path, "XDG_CONFIG_HOME": home.path, "XDG_STATE_HOME": home.path,
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            ],
            stdoutURL: stdoutURL, stderrURL: stderrURL)
        guard let status = process.waitForExit(timeout: 10) else {
            process.terminate(grace: 0)
            throw HarnessError("floatapp \(arguments) did not exit in 10 s\n\(process.outputTail())")
        }
        return Outcome(
            status: status, stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
    }

    func testHelpPrintsUsageAndExitsZero() throws {
        let outcome = try runFloatapp(["--help"])
        XCTAssertEqual(outcome.status, .exited(0), outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("usage: floatapp"), outcome.stdout)
        for option in ["--rooms", "--open", "--float", "--no-pip", "--check-rooms", "--stats", "--log-level"] {
            XCTAssertTrue(outcome.stdout.contains(option), "help mentions \(option)")
        }
        XCTAssertEqual(outcome.stderr, "")
    }

    func testVersionPrintsTheVersionAndExitsZero() throws {
        let outcome = try runFloatapp(["--version"])
        XCTAssertEqual(outcome.status, .exited(0), outcome.stderr)
        let line = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(
            line.range(of: #"^floatapp [0-9]+\.[0-9]+\.[0-9]+"#, options: .regularExpression),
            "version line: \(line)")
    }

    func testUnknownOptionPrintsUsageOnStandardErrorAndExitsTwo() throws {
        let outcome = try runFloatapp(["--bogus"])
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertTrue(outcome.stderr.contains("--bogus"), "names the option: \(outcome.stderr)")
        XCTAssertTrue(outcome.stderr.contains("usage: floatapp"), outcome.stderr)
        XCTAssertEqual(outcome.stdout, "")
    }

    /// W13: `--link` prints a room's link and exits 0; a room of a local source is refused in
    /// words with status 2, as is an unknown id.
    func testLinkPrintsARoomsInviteLinkOrSaysWhyNot() throws {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rooms = folder.appendingPathComponent("rooms.json")
        try #"{"rooms": [{"id": "news", "title": "News", "kind": "live", "source": "https://tv.example/news.m3u8"},"#
            .appending(#" {"id": "clip", "title": "Clip", "kind": "live", "source": "/tmp/clip.mp4"}]}"#)
            .write(to: rooms, atomically: true, encoding: .utf8)
        let news = try runFloatapp(["--rooms", rooms.path, "--link", "news"])
        XCTAssertEqual(news.status, .exited(0), news.stderr)
        XCTAssertEqual(news.stdout, "floatapp://live?title=News&url=https%3A%2F%2Ftv.example%2Fnews.m3u8\n")
        let clip = try runFloatapp(["--rooms", rooms.path, "--link", "clip"])
        XCTAssertEqual(clip.status, .exited(2))
        XCTAssertTrue(clip.stderr.contains("room 'clip' has no invite link"), clip.stderr)
        XCTAssertEqual(clip.stdout, "")
        let unknown = try runFloatapp(["--rooms", rooms.path, "--link", "nope"])
        XCTAssertEqual(unknown.status, .exited(2))
        XCTAssertTrue(unknown.stderr.contains("no room with id 'nope'"), unknown.stderr)
    }

    func testFloatWithoutOpenExitsTwo() throws {
        let outcome = try runFloatapp(["--float"])
        XCTAssertEqual(outcome.status, .exited(2))
        XCTAssertTrue(outcome.stderr.contains("--open"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("usage: floatapp"), outcome.stderr)
    }

    func testOpeningAnUnknownRoomShowsTheListAndLogsAnError() throws {
        let session = try startApp(
            rooms: [.live("known", title: "Known Room", source: RoomsFixture.colorSource("2a6f97"))],
            arguments: ["--open", "NOPE"])
        try session.run {
            let window = try session.mainRect()
            try eventually("the main window shows the list", timeout: 5) {
                try !session.desktop.grab(window).isMostlyBlack()
            }
            try eventually("the app logs an error naming the room\n\(session.app.outputTail())", timeout: 5) {
                let log = (try? String(contentsOf: session.app.process.stderrURL, encoding: .utf8)) ?? ""
                return log.contains("error") && log.contains("NOPE")
            }
            try session.desktop.screenshot("1-list")
            XCTAssertTrue(session.app.isRunning, "an unknown room is no reason to quit")
            XCTAssertTrue(session.stats.events(named: "open").isEmpty, "no room opens")
            XCTAssertNil(
                session.desktop.findWindows(.titleSuffix(" - PiP")).first { session.desktop.mapState(of: $0) == .viewable },
                "no float is shown")
        }
    }
}
