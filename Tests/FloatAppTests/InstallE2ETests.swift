import Foundation
import XCTest

/// `make install`'s layout: the installed binary finds its built-in rooms under `<prefix>/share`.
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
        for path in ["bin/floatapp", "share/floatapp/rooms.json", "share/applications/floatapp.desktop",
                     "share/icons/hicolor/scalable/apps/floatapp.svg", "share/icons/hicolor/128x128/apps/floatapp.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), path)
        }

        // Started from the prefix with no config of its own, it plays a built-in room.
        let desktop = try startDesktop()
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            ["--open", "test-pattern", "--stats", stats.url.path], on: desktop, for: self,
            binary: prefix.appendingPathComponent("bin/floatapp"))
        try eventually("the installed app plays the built-in room\n\(app.outputTail())", timeout: 20) {
            !stats.events(named: "frame", matching: ["window": "main", "room": "test-pattern"]).isEmpty
        }
    }
}
