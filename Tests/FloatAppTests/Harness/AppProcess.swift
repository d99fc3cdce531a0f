import Foundation
import TestSupport
import XCTest

/// The real `floatapp` binary running on a test desktop, with private config and state folders.
final class AppProcess {
    /// The running program.
    let process: ChildProcess
    /// Private folder holding `config/` (XDG_CONFIG_HOME), `state/` (XDG_STATE_HOME) and `home/`.
    let folder: URL
    /// `$XDG_CONFIG_HOME` of the app.
    let configHome: URL
    /// `$XDG_STATE_HOME` of the app.
    let stateHome: URL

    /// Launches `floatapp` with `arguments` on `desktop`; teardown of `testCase` (and of the
    /// desktop) ends it.
    ///
    /// The environment holds only DISPLAY, SDL_AUDIODRIVER=dummy, HOME, XDG_CONFIG_HOME,
    /// XDG_STATE_HOME, PATH and LANG, plus `environment`. DBUS_SESSION_BUS_ADDRESS names a
    /// socket that does not exist, so no session bus is autolaunched behind the test's back
    /// (it would outlive the test); a test that wants a bus passes its own address.
    static func launch(
        _ arguments: [String], on desktop: TestDesktop, for testCase: XCTestCase,
        environment: [String: String] = [:], binary: URL = TestPaths.floatappBinary
    ) throws -> AppProcess {
        let app = try AppProcess(arguments, on: desktop, environment: environment, binary: binary)
        testCase.addTeardownBlock { app.terminate() }
        return app
    }

    /// Launches `binary` with `arguments` on `desktop`.
    init(_ arguments: [String], on desktop: TestDesktop, environment: [String: String] = [:], binary: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw HarnessError(
                "no floatapp binary at \(binary.path): build it (swift build --product floatapp) or set FLOATAPP_BIN")
        }
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-app")
        configHome = folder.appendingPathComponent("config")
        stateHome = folder.appendingPathComponent("state")
        let home = folder.appendingPathComponent("home")
        for created in [configHome, stateHome, home] {
            try FileManager.default.createDirectory(at: created, withIntermediateDirectories: true)
        }
        var extra = [
            "SDL_AUDIODRIVER": "dummy",
            "XDG_CONFIG_HOME": configHome.path,
            "XDG_STATE_HOME": stateHome.path,
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + folder.appendingPathComponent("no-session-bus").path,
        ]
        extra.merge(environment) { _, new in new }
        let logName = "floatapp-\(Int(Date().timeIntervalSince1970 * 1000) % 100_000_000)"
        process = try ChildProcess(
            executable: binary.path,
            arguments: arguments,
            environment: desktop.clientEnvironment(home: home, extra: extra),
            stdoutURL: desktop.artifactsFolder.appendingPathComponent("\(logName).stdout.log"),
            stderrURL: desktop.artifactsFolder.appendingPathComponent("\(logName).stderr.log"))
        desktop.adopt(self)
    }

    deinit {
        terminate()
    }

    /// Whether the app still runs.
    var isRunning: Bool { process.isRunning }

    /// Waits up to `timeout` seconds for the app to exit; nil if it still runs.
    func waitForExit(timeout: TimeInterval) -> ExitStatus? {
        process.waitForExit(timeout: timeout)
    }

    /// Ends the app (SIGTERM, then SIGKILL after `grace` seconds) and removes its private folder.
    @discardableResult
    func terminate(grace: TimeInterval = 2) -> ExitStatus {
        let status = process.terminate(grace: grace)
        try? FileManager.default.removeItem(at: folder)
        return status
    }

    /// The tail of the app's output, for failure messages.
    func outputTail(lines: Int = 40) -> String {
        process.outputTail(lines: lines)
    }
}
