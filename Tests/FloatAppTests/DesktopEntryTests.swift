import Foundation
import TestSupport
import XCTest

/// The groups and keys of a desktop entry file (freedesktop Desktop Entry format).
struct DesktopEntryFile {
    /// Keys by group name, e.g. `groups["Desktop Action room-list"]?["Exec"]`.
    let groups: [String: [String: String]]

    /// Parses `text`; lines before the first group, comments and blank lines are skipped.
    init(_ text: String) {
        var groups: [String: [String: String]] = [:]
        var current: String?
        for line in text.split(separator: "\n").map(String.init) where !line.hasPrefix("#") {
            if line.hasPrefix("["), line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                current = name
                groups[name] = groups[name] ?? [:]
            } else if let current, let eq = line.firstIndex(of: "=") {
                groups[current]?[String(line[..<eq])] = String(line[line.index(after: eq)...])
            }
        }
        self.groups = groups
    }

    /// The ids in the main group's `Actions` list.
    var actions: [String] {
        (groups["Desktop Entry"]?["Actions"] ?? "").split(separator: ";").map(String.init)
    }

    /// The command line of action `id`, split at spaces (FloatApp's entries quote nothing).
    func exec(ofAction id: String) -> [String]? {
        groups["Desktop Action \(id)"]?["Exec"].map { $0.split(separator: " ").map(String.init) }
    }
}

/// `assets/org.floatapp.FloatApp.desktop`: valid for desktops, named by the application id, and
/// its actions name what FloatApp has.
final class DesktopEntryTests: XCTestCase {
    /// FloatApp's application id: the desktop file's name, the bus name a second FloatApp hands
    /// its items to, the media controls' `DesktopEntry`, the X11 class and the Wayland `app_id`.
    static let applicationID = "org.floatapp.FloatApp"
    /// The desktop file's name, as desktops and `mimeapps.list` name it.
    static let entryName = applicationID + ".desktop"
    static let entryURL = TestPaths.packageRoot.appendingPathComponent("assets/" + entryName)

    /// Runs `desktop-file-validate` on `url`: its exit status and everything it printed.
    static func validate(_ url: URL, in folder: URL) throws -> (status: ExitStatus?, output: String) {
        let out = folder.appendingPathComponent("validate.out")
        let validator = try ChildProcess(
            executable: "/usr/bin/desktop-file-validate", arguments: [url.path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: out, stderrURL: out)
        let status = validator.waitForExit(timeout: 30)
        return (status, (try? String(contentsOf: out, encoding: .utf8)) ?? "")
    }

    func testDesktopFileValidateFindsNothing() throws {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-entry")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.validate(Self.entryURL, in: folder)
        XCTAssertEqual(result.status, .exited(0), result.output)
        XCTAssertEqual(result.output, "", "no errors, warnings or hints")
    }

    func testActionsOpenTheListAndFloatABuiltInLiveRoom() throws {
        let entry = DesktopEntryFile(try String(contentsOf: Self.entryURL, encoding: .utf8))
        XCTAssertEqual(entry.groups["Desktop Entry"]?["Icon"], "floatapp")
        XCTAssertEqual(entry.actions, ["room-list", "float-test-pattern"])
        for id in entry.actions {
            XCTAssertNotNil(entry.groups["Desktop Action \(id)"]?["Name"], id)
            XCTAssertEqual(entry.exec(ofAction: id)?.first, "floatapp", id)
        }
        XCTAssertEqual(entry.exec(ofAction: "room-list"), ["floatapp"])
        let float = try XCTUnwrap(entry.exec(ofAction: "float-test-pattern"))
        XCTAssertEqual(float, ["floatapp", "--open", "test-pattern", "--float"])

        let rooms = try JSONSerialization.jsonObject(
            with: Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("assets/rooms.json")))
        let room = ((rooms as? [String: Any])?["rooms"] as? [[String: Any]])?.first { $0["id"] as? String == float[2] }
        XCTAssertEqual(room?["kind"] as? String, "live", "the action floats a built-in live room")
        XCTAssertEqual(room?["title"] as? String, "Test Pattern Live", "the action's name is the room's title")
    }

    /// X3: the file is named by the application id, a valid D-Bus name (so GApplication's
    /// convention holds: the running FloatApp is on the bus at the desktop file's id), and the
    /// windows' X11 class it names is the id too.
    func testTheEntryIsNamedByTheApplicationID() throws {
        let elements = Self.applicationID.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertGreaterThanOrEqual(elements.count, 2)
        for element in elements {
            XCTAssertFalse(element.isEmpty || element.first!.isNumber, "\(element)")
            XCTAssertTrue(element.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "\(element)")
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: Self.entryURL.deletingLastPathComponent().path)
        XCTAssertEqual(entries.filter { $0.hasSuffix(".desktop") }, [Self.entryName], "one desktop file, named by the id")
        let entry = DesktopEntryFile(try String(contentsOf: Self.entryURL, encoding: .utf8))
        XCTAssertEqual(entry.groups["Desktop Entry"]?["StartupWMClass"], Self.applicationID)
    }

    /// W13: `xdg-open floatapp://...` runs `floatapp LINK`: the entry handles the scheme and
    /// passes the links it is given to the command.
    func testTheEntryHandlesFloatAppLinks() throws {
        let entry = DesktopEntryFile(try String(contentsOf: Self.entryURL, encoding: .utf8))
        let main = try XCTUnwrap(entry.groups["Desktop Entry"])
        XCTAssertEqual(main["MimeType"]?.split(separator: ";").map(String.init), ["x-scheme-handler/floatapp"])
        XCTAssertEqual(main["Exec"], "floatapp %U", "links and files reach the command as URLs, any number of them")
    }
}
