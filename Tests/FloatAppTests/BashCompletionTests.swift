import Foundation
import TestSupport
import XCTest

/// `assets/floatapp.bash-completion` under real bash with bash-completion's helpers, as an
/// interactive shell runs it when Tab is pressed.
final class BashCompletionTests: XCTestCase {
    static let completionURL = TestPaths.packageRoot.appendingPathComponent("assets/floatapp.bash-completion")

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-completion")
        let folder = folder!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    /// What bash offers for the command line `words` (as bash splits it: `--rooms=F` is
    /// `--rooms`, `=`, `F`), completing the last word, run in `folder` with `environment`.
    private func complete(_ words: [String], environment: [String: String] = [:]) throws -> Set<String> {
        let script = """
            source /usr/share/bash-completion/bash_completion
            source "$COMPLETION"
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE=$LINE
            COMP_POINT=${#COMP_LINE}
            cd "$FOLDER"
            _floatapp floatapp "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var line = ""
        for (i, word) in words.enumerated() {
            line += (i == 0 || word == "=" || words[i - 1] == "=" ? "" : " ") + word
        }
        let base = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "COMPLETION": Self.completionURL.path,
                    "LINE": line, "FOLDER": folder.path]
        let outcome = try ChildProcess.run(
            "/bin/bash", ["-c", script, "bash"] + words,
            environment: base.merging(environment) { $1 }, in: folder, name: "complete")
        XCTAssertEqual(outcome.status, .exited(0), outcome.stderr)
        XCTAssertEqual(outcome.stderr, "")
        return Set(outcome.stdout.split(separator: "\n").map(String.init))
    }

    /// The ids of the rooms in the JSON rooms file at `url`.
    private func roomIDs(_ url: URL) throws -> Set<String> {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let rooms = try XCTUnwrap(json?["rooms"] as? [[String: Any]])
        return Set(rooms.compactMap { $0["id"] as? String })
    }

    /// A rooms file with servers and call participants around its rooms, so ids of other
    /// things are there to be left out.
    private func writeRoomsFile(_ name: String, ids: [String]) throws -> URL {
        let rooms = ids.map {
            #"{"id": "\#($0)", "title": "Room \"\#($0)\" {x}", "kind": "call", "participants": [{"name": "id", "source": "lavfi:testsrc2"}]}"#
        }
        let text = #"{"servers": [{"id": "server-one", "title": "S", "stats": "http://127.0.0.1:1/stat", "play": "rtmp://127.0.0.1/live/{stream}"}],"#
            + "\n\"rooms\": [\n" + rooms.joined(separator: ",\n") + "\n], \"settings\": {\"auto_pip\": true}}\n"
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testOptionsAreTheOnesHelpPrints() throws {
        XCTAssertEqual(try complete(["floatapp", "--"]), try ManPageTests.helpOptions(in: folder))
        XCTAssertEqual(try complete(["floatapp", "--ro"]), ["--rooms"])
    }

    func testOpenOffersTheBuiltInRoomsOfAnInstalledFloatapp() throws {
        let prefix = folder.appendingPathComponent("prefix")
        let share = prefix.appendingPathComponent("share/floatapp")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: prefix.appendingPathComponent("bin/floatapp"), withDestinationURL: TestPaths.floatappBinary)
        let builtIn = TestPaths.packageRoot.appendingPathComponent("assets/rooms.json")
        try FileManager.default.copyItem(at: builtIn, to: share.appendingPathComponent("rooms.json"))
        let path = ["PATH": prefix.path + "/bin:/usr/bin:/bin"]

        let ids = try roomIDs(builtIn)
        XCTAssertGreaterThanOrEqual(ids.count, 6)
        XCTAssertEqual(try complete(["floatapp", "--open", ""], environment: path), ids)
        XCTAssertEqual(try complete(["floatapp", "--open", "t"], environment: path), ids.filter { $0.hasPrefix("t") })
        XCTAssertEqual(try complete(["floatapp", "--open", "=", ""], environment: path), ids)
    }

    func testOpenOffersTheRoomsOfTheRoomsFileInEffect() throws {
        let given = try writeRoomsFile("given.json", ids: ["alpha", "beta-2", "gamma_3"])
        XCTAssertEqual(try complete(["floatapp", "--rooms", given.path, "--open", ""]), ["alpha", "beta-2", "gamma_3"])
        XCTAssertEqual(try complete(["floatapp", "--rooms", "=", given.path, "--float", "--open", "b"]), ["beta-2"])
        XCTAssertEqual(try complete(["floatapp", "--rooms", "~/given.json", "--open", ""]), ["alpha", "beta-2", "gamma_3"])

        let config = folder.appendingPathComponent("config/floatapp")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let user = try writeRoomsFile("config/floatapp/rooms.json", ids: ["mine"])
        XCTAssertEqual(try complete(["floatapp", "--open", ""], environment: ["XDG_CONFIG_HOME": config.deletingLastPathComponent().path]), ["mine"])
        XCTAssertEqual(try complete(["floatapp", "--rooms", given.path, "--open", ""],
                                    environment: ["XDG_CONFIG_HOME": config.deletingLastPathComponent().path]),
                       ["alpha", "beta-2", "gamma_3"], "--rooms wins over the user's file")
        XCTAssertEqual(try roomIDs(user), ["mine"])
    }

    func testRoomsFileOptionsOfferFilesAndLogLevelItsLevels() throws {
        for name in ["rooms-a.json", "rooms-b.txt", "other.json"] {
            try "{}".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try complete(["floatapp", "--check-rooms", "ro"]), ["rooms-a.json", "rooms-b.txt"])
        XCTAssertEqual(try complete(["floatapp", "--rooms", "ot"]), ["other.json"])
        XCTAssertEqual(try complete(["floatapp", "--log-level", ""]), ["error", "warn", "info", "debug"])
        XCTAssertEqual(try complete(["floatapp", "--version", ""]), [])
    }

    /// R6: a word that is not an option is an item to open: files; after `--` every word is one.
    func testItemsOfferFiles() throws {
        for name in ["clip.mkv", "-dash.mp4", "notes.txt"] {
            try "x".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try complete(["floatapp", "cl"]), ["clip.mkv"])
        XCTAssertEqual(try complete(["floatapp", "--float", "n"]), ["notes.txt"])
        XCTAssertEqual(try complete(["floatapp", "--", "-d"]), ["-dash.mp4"])
        XCTAssertEqual(try complete(["floatapp", "clip.mkv", "--fl"]), ["--float"])
    }
}
