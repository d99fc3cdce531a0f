import Foundation
import TestSupport
import XCTest

/// `make install`'s layout: the installed binary finds its built-in rooms under `<prefix>/share`;
/// the desktop entry validates, the icon comes in every size desktops look for, and the man page
/// and bash completion are where man and bash-completion look.
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
                     "share/applications/floatapp.desktop", "share/icons/hicolor/scalable/apps/floatapp.svg",
                     "share/man/man1/floatapp.1.gz", "share/bash-completion/completions/floatapp"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }
        for size in [48, 64, 128, 256] {
            let icon = prefix.appendingPathComponent("share/icons/hicolor/\(size)x\(size)/apps/floatapp.png")
            let measured = try measure(icon, in: prefix)
            XCTAssertEqual(measured, "\(size) \(size)", icon.path)
        }
        let entryURL = prefix.appendingPathComponent("share/applications/floatapp.desktop")
        let validation = try DesktopEntryTests.validate(entryURL, in: prefix)
        XCTAssertEqual(validation.status, .exited(0), validation.output)
        let entry = DesktopEntryFile(try String(contentsOf: entryURL, encoding: .utf8))
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
