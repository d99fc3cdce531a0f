import Foundation
import TestSupport
import XCTest

/// `make install`'s layout: the installed binary finds its built-in rooms and its translations
/// under `<prefix>/share`; the desktop entry validates, the icon comes in every size desktops look
/// for, and the man page and bash completion are where man and bash-completion look.
final class InstallE2ETests: DesktopTestCase {
    func testInstalledBinaryFindsItsAssetsAndDesktopFiles() throws {
        let prefix = try TestPaths.makeTemporaryFolder(prefix: "floatapp-prefix")
        addTeardownBlock { try? FileManager.default.removeItem(at: prefix) }
        let install = try ChildProcess(
            executable: "/bin/bash",
            arguments: [TestPaths.packageRoot.appendingPathComponent("scripts/install.sh").path, prefix.path,
                        TestPaths.floatappBinary.path],
            environment: ["PATH": "/usr/bin:/bin"],
            stdoutURL: prefix.appendingPathComponent("install.out"),
            stderrURL: prefix.appendingPathComponent("install.err"))
        XCTAssertEqual(install.waitForExit(timeout: 30), .exited(0), install.outputTail())
        for path in ["bin/floatapp", "share/floatapp/rooms.json", "share/floatapp/rooms-local-server.json",
                     "share/applications/" + DesktopEntryTests.entryName, "share/icons/hicolor/scalable/apps/floatapp.svg",
                     "share/man/man1/floatapp.1.gz", "share/bash-completion/completions/floatapp"]
            + ["de", "zh_CN", "ar"].map({ "share/locale/\($0)/LC_MESSAGES/floatapp.mo" }) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        // The installed binary finds its translations under <prefix>/share/locale.
        let help = prefix.appendingPathComponent("help.out")
        let german = try ChildProcess(
            executable: prefix.appendingPathComponent("bin/floatapp").path, arguments: ["--help"],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LANGUAGE": "de", "HOME": prefix.path],
            stdoutURL: help, stderrURL: prefix.appendingPathComponent("help.err"))
        XCTAssertEqual(german.waitForExit(timeout: 10), .exited(0), german.outputTail())
        XCTAssertTrue(try String(contentsOf: help, encoding: .utf8).contains("Aufruf: floatapp"), german.outputTail())
        for size in [48, 64, 128, 256] {
            let icon = prefix.appendingPathComponent("share/icons/hicolor/\(size)x\(size)/apps/floatapp.png")
            let measured = try measure(icon, in: prefix)
            XCTAssertEqual(measured, "\(size) \(size)", icon.path)
        }
        let entryURL = prefix.appendingPathComponent("share/applications/" + DesktopEntryTests.entryName)
        let validation = try DesktopEntryTests.validate(entryURL, in: prefix)
        XCTAssertEqual(validation.status, .exited(0), validation.output)
        let entryText = try String(contentsOf: entryURL, encoding: .utf8)
        for line in ["Comment[de]=Livestreams und Anrufe in einem schwebenden Bild-im-Bild-Fenster ansehen",
                     "Name[zh_CN]=打开房间列表", "GenericName[ar]=بث مباشر ومكالمات"] {
            XCTAssertTrue(entryText.contains(line + "\n"), "the installed desktop entry is translated: \(line)")
        }
        let entry = DesktopEntryFile(entryText)
        let floatAction = try XCTUnwrap(entry.exec(ofAction: "float-test-pattern"))

        // Started from the prefix with no config of its own, as the desktop's "float" action
        // starts it, it plays the built-in room in the float.
        let desktop = try startDesktop()
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            Array(floatAction.dropFirst()) + ["--stats", stats.url.path], on: desktop, for: self,
            binary: prefix.appendingPathComponent("bin/floatapp"))
        try eventually("the installed app floats the built-in room\n\(app.outputTail())", timeout: 20) {
            !stats.events(named: "frame", matching: ["window": "float", "room": "test-pattern"]).isEmpty
        }
    }

    /// "WIDTH HEIGHT" of a PNG icon, and only if ImageMagick finds it mostly opaque (drawn, not blank).
    private func measure(_ icon: URL, in folder: URL) throws -> String {
        let out = folder.appendingPathComponent("identify.out")
        let identify = try ChildProcess(
            executable: "/usr/bin/convert",
            arguments: [icon.path, "-alpha", "extract", "-format", "%w %h %[fx:mean > 0.4 ? 1 : 0]", "info:"],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: out, stderrURL: out)
        XCTAssertEqual(identify.waitForExit(timeout: 30), .exited(0), identify.outputTail())
        let words = try String(contentsOf: out, encoding: .utf8).split(separator: " ")
        XCTAssertEqual(words.last, "1", "\(icon.path) is drawn, not blank")
        return words.dropLast().joined(separator: " ")
    }
}
