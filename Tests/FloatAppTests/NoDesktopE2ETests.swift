import Foundation
import TestSupport
import XCTest

/// Started where there is no desktop, FloatApp says so and exits instead of playing unseen.
final class NoDesktopE2ETests: XCTestCase {
    func testWithoutADisplayTheAppExitsWithAClearMessage() throws {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-nodisplay")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try ChildProcess(
            executable: TestPaths.floatappBinary.path, arguments: [],
            environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin", "SDL_AUDIODRIVER": "dummy",
                          "XDG_STATE_HOME": folder.path, "XDG_CONFIG_HOME": folder.path],
            stdoutURL: folder.appendingPathComponent("out"), stderrURL: folder.appendingPathComponent("err"))
        XCTAssertEqual(app.waitForExit(timeout: 20), .exited(1), app.outputTail())
        let stderr = (try? String(contentsOf: folder.appendingPathComponent("err"), encoding: .utf8)) ?? ""
        XCTAssertTrue(stderr.contains("no desktop to show windows on"), stderr)
    }
}
