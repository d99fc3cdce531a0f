import AppCore
import Logging
import XCTest

/// The command line parsed directly (SPEC section 6): values, and the usage errors that end the app with status 2.
final class OptionsTests: XCTestCase {
    private func usageError(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try Options.parse(args)
            XCTFail("\(args) parsed", file: file, line: line)
            return nil
        } catch {
            XCTAssertEqual(error.exitStatus, 2, file: file, line: line)
            guard case .usage = error else {
                XCTFail("\(args) failed with \(error), not a usage error", file: file, line: line)
                return nil
            }
            let message = error.words
            XCTAssertTrue(message.hasSuffix(Options.usage), "the usage line follows the message", file: file, line: line)
            return message.components(separatedBy: "\n").first
        }
    }

    func testValuesSeparateOrInline() throws {
        let options = try Options.parse(["--rooms", "/tmp/r.json", "--open=live-a", "--float", "--log-level", "debug"])
        XCTAssertEqual(options.command, .run)
        XCTAssertEqual(options.roomsFile, "/tmp/r.json")
        XCTAssertEqual(options.openRoom, "live-a")
        XCTAssertTrue(options.float)
        XCTAssertEqual(options.logLevel, .debug)
        XCTAssertEqual(try Options.parse(["--check-rooms", "-"]).command, .checkRooms("-"))
        XCTAssertEqual(try Options.parse([]), Options())
    }

    /// D9: `--renderer` picks how windows draw; auto is the default and a run that names one
    /// starts a FloatApp of its own.
    func testRendererIsAutoUnlessGiven() throws {
        XCTAssertEqual(try Options.parse([]).renderer, .auto)
        XCTAssertEqual(try Options.parse(["--renderer", "gl"]).renderer, .gl)
        XCTAssertEqual(try Options.parse(["--renderer=software"]).renderer, .software)
        XCTAssertFalse(try Options.parse(["--renderer", "gl"]).handsOver)
        XCTAssertEqual(usageError(["--renderer", "vulkan"]), "floatapp: --renderer must be auto, software or gl, not 'vulkan'")
        XCTAssertEqual(usageError(["--renderer"]), "floatapp: option --renderer needs a value")
    }

    func testUsageErrorsSayWhatIsWrong() {
        XCTAssertEqual(usageError(["--bogus"]), "floatapp: unknown option '--bogus'")
        XCTAssertEqual(usageError(["--rooms"]), "floatapp: option --rooms needs a value")
        XCTAssertEqual(usageError(["--rooms", "--float"]), "floatapp: option --rooms needs a value")
        XCTAssertEqual(usageError(["--log-level", "loud"]),
                       "floatapp: --log-level must be error, warn, info or debug, not 'loud'")
        XCTAssertEqual(usageError(["--float=yes", "--open", "a"]), "floatapp: option --float takes no value")
        XCTAssertEqual(usageError(["--float"]), "floatapp: --float needs --open ROOM_ID or a URL, file or link to open")
        XCTAssertEqual(usageError(["-x", "a.mp4"]), "floatapp: unknown option '-x'")
        XCTAssertEqual(usageError(["--float", "--"]), "floatapp: --float needs --open ROOM_ID or a URL, file or link to open")
    }

    /// R6: every argument that is not an option, and everything after `--`, is an item to open,
    /// in order; `-` alone is an item.
    func testItemsAreTheArgumentsThatAreNotOptions() throws {
        let options = try Options.parse(["https://a.example/live.m3u8", "--rooms", "r.json", "clip.mkv", "--float",
                                         "--", "--open", "-", "floatapp://live?title=x&url=rtmp%3A%2F%2Fh%2Fa"])
        XCTAssertEqual(options.items, ["https://a.example/live.m3u8", "clip.mkv", "--open", "-",
                                       "floatapp://live?title=x&url=rtmp%3A%2F%2Fh%2Fa"])
        XCTAssertEqual(options.roomsFile, "r.json")
        XCTAssertNil(options.openRoom)
        XCTAssertTrue(options.float, "--float floats the first item when no --open is given")
        XCTAssertEqual(try Options.parse(["-"]).items, ["-"])
        XCTAssertEqual(try Options.parse(["--open", "live-a", "a.mp4"]).openRoom, "live-a")
    }

    /// W14: only a plain run (items or none) is handed to a running FloatApp; W13: `--link`.
    func testOnlyAPlainRunIsHandedOverAndLinkPrintsARoomsLink() throws {
        XCTAssertTrue(try Options.parse([]).handsOver, "nothing: the running one is raised")
        XCTAssertTrue(try Options.parse(["a.mp4", "https://a.example/x.m3u8"]).handsOver)
        XCTAssertTrue(try Options.parse(["--", "--open"]).handsOver, "an item after -- is still an item")
        for options in [["--new-instance", "a.mp4"], ["--rooms", "r.json"], ["--stats", "s.jsonl", "a.mp4"], ["--open", "x"],
                        ["--log-level", "info"], ["--no-pip"], ["--exit-on-end", "a.mp4"], ["a.mp4", "--float"]] {
            XCTAssertFalse(try Options.parse(options).handsOver, "\(options) start a FloatApp of their own")
        }
        XCTAssertTrue(try Options.parse(["--new-instance"]).newInstance)
        XCTAssertEqual(try Options.parse(["--link", "news"]).command, .link("news"))
        XCTAssertEqual(try Options.parse(["--link=news"]).command, .link("news"))
        XCTAssertFalse(try Options.parse(["--link", "news"]).handsOver)
        XCTAssertEqual(usageError(["--link"]), "floatapp: option --link needs a value")
        XCTAssertEqual(usageError(["--new-instance=yes"]), "floatapp: option --new-instance takes no value")
    }
}
