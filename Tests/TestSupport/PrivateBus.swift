import Foundation
import XCTest

/// A private session bus (`dbus-daemon --session`) for one test, with helpers to run real
/// bus clients (`playerctl`, `dbus-monitor`) against it. The daemon and the clients are
/// ``ChildProcess``es: they die with the test process even when it crashes.
public final class PrivateBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// Scratch folder holding the socket and the clients' output.
    public let folder: URL
    private var daemon: ChildProcess?
    private var clients: [ChildProcess] = []

    /// Starts a bus and waits until it accepts connections; stops it at the test's end.
    public init(for testCase: XCTestCase) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("floatapp-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        daemon = try ChildProcess(
            executable: "/usr/bin/dbus-daemon",
            arguments: ["--session", "--nofork", "--nopidfile", "--address=\(address)"],
            stderrURL: folder.appendingPathComponent("daemon.err"))
        testCase.addTeardownBlock { self.stop() }
        // The socket file appears when the daemon binds it, a moment before it listens.
        try eventually("the bus at \(socket) accepts a connection", timeout: 10) { unixSocketAccepts(socket) }
    }

    /// Ends every client still running, then the daemon, and removes the folder.
    public func stop() {
        for client in clients { client.terminate() }
        clients = []
        guard let daemon else { return }
        daemon.terminate()
        self.daemon = nil
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment a client of this bus runs with.
    public var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
         "HOME": folder.path]
    }

    /// Runs `arguments` to completion (at most `timeout` s) on this bus; its exit status and
    /// standard output with the trailing newline removed.
    @discardableResult
    public func run(_ arguments: [String], timeout: TimeInterval = 10) throws -> (status: Int32, output: String) {
        let outURL = folder.appendingPathComponent("client-\(UUID().uuidString.prefix(8)).out")
        let process = try launch(arguments, output: outURL)
        let status = try eventuallyValue("\(arguments.joined(separator: " ")) exits", timeout: timeout) { process.exitStatus }
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let code: Int32 = switch status {
        case .exited(let code): code
        case .signaled(let signal): signal
        }
        return (code, output.hasSuffix("\n") ? String(output.dropLast()) : output)
    }

    /// Starts `arguments` on this bus with standard output and error going to `output`; it is
    /// ended when the bus stops.
    public func launch(_ arguments: [String], output: URL) throws -> ChildProcess {
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: arguments, environment: environment,
                                       stdoutURL: output, stderrURL: output)
        clients.append(process)
        return process
    }
}
