import Foundation
import TestSupport
import XCTest

/// A private D-Bus session bus (a real `dbus-daemon`) for one test, and the real bus clients
/// (`playerctl`, `dbus-send`) run against it. The daemon's process group is ended when the
/// test ends or the test process dies.
final class SessionBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let folder: URL
    private let daemon: ChildProcess

    /// Starts a bus in `folder` and waits until it accepts connections; `testCase` stops it.
    init(in folder: URL, for testCase: XCTestCase) throws {
        self.folder = folder
        let socket = folder.appendingPathComponent("bus-\(UUID().uuidString.prefix(8))").path
        address = "unix:path=" + socket
        daemon = try ChildProcess(
            executable: "/usr/bin/dbus-daemon",
            arguments: ["--session", "--nofork", "--nopidfile", "--address=" + address],
            environment: ["PATH": "/usr/bin:/bin"],
            stdoutURL: folder.appendingPathComponent("dbus-daemon.out"),
            stderrURL: folder.appendingPathComponent("dbus-daemon.err"))
        let daemon = self.daemon
        testCase.addTeardownBlock { daemon.terminate() }
        // The socket file appears when the daemon binds it, a moment before it listens.
        try eventually("the bus at \(socket) accepts a connection", timeout: 10) { unixSocketAccepts(socket) }
    }

    /// The process group of the daemon, for leak checks.
    var processGroup: pid_t { daemon.pid }

    /// Runs a client of this bus to its end (at most `timeout` s); its exit status and its
    /// standard output without the trailing newline.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 10) throws
        -> (status: ExitStatus?, output: String) {
        let name = "client-\(UUID().uuidString.prefix(8))"
        let out = folder.appendingPathComponent(name + ".out")
        let client = try ChildProcess(
            executable: executable, arguments: arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "HOME": folder.path],
            stdoutURL: out, stderrURL: folder.appendingPathComponent(name + ".err"))
        let status = client.waitForExit(timeout: timeout) ?? client.terminate()
        let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        return (status, text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }

    /// `playerctl ARGUMENTS` against the players of this bus; its output.
    @discardableResult
    func playerctl(_ arguments: String...) throws -> String {
        try run("/usr/bin/playerctl", arguments).output
    }

    /// Calls a method of FloatApp's MPRIS root interface (`Raise`, `Quit`) with `dbus-send`.
    func callRoot(_ method: String, busName: String = "org.mpris.MediaPlayer2.floatapp") throws {
        let result = try run("/usr/bin/dbus-send", [
            "--session", "--print-reply", "--dest=" + busName, "/org/mpris/MediaPlayer2",
            "org.mpris.MediaPlayer2." + method,
        ])
        XCTAssertEqual(result.status, .exited(0), "dbus-send \(method): \(result.output)")
    }

    /// Starts at-spi2-core's accessibility bus launcher on this bus and waits until it owns
    /// `org.a11y.Bus`, where apps and screen readers ask for the accessibility bus.
    func startAccessibilityBus(in folder: URL, for testCase: XCTestCase) throws {
        let launcher = try ChildProcess(
            executable: "/usr/libexec/at-spi-bus-launcher", arguments: ["--launch-immediately"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "HOME": folder.path],
            stdoutURL: folder.appendingPathComponent("at-spi-bus-launcher.out"),
            stderrURL: folder.appendingPathComponent("at-spi-bus-launcher.err"))
        testCase.addTeardownBlock { launcher.terminate() }
        try eventually("the launcher owns org.a11y.Bus", timeout: 10, poll: 0.05) {
            try self.run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"]).output.contains("true")
        }
    }
}
