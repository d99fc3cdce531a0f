import Foundation
import TestSupport
import XCTest

/// A private session bus (`dbus-daemon --session`) for one test, with helpers to run real
/// bus clients (`playerctl`, `dbus-monitor`) against it.
///
/// The daemon runs under `sh`, which kills it when its standard input, a pipe only the test
/// process writes to, reaches end of file: when the test stops the bus or the test process
/// dies, so a crashed test never leaks a daemon.
final class PrivateBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    /// Scratch folder holding the socket and the clients' output.
    let folder: URL
    private let daemon: Process
    private let lifeline: Pipe
    private var clients: [Process] = []

    /// Starts a bus and waits until it accepts connections; stops it at the test's end.
    init(for testCase: XCTestCase) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("floatapp-bus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        address = "unix:path=" + socket
        lifeline = Pipe()
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/bin/sh")
        daemon.arguments = ["-c", """
            dbus-daemon --session --nofork --nopidfile --address="$1" 2>"$2" & d=$!
            read x
            kill $d; wait $d
            """, "floatapp-bus", address, folder.appendingPathComponent("daemon.err").path]
        daemon.standardInput = lifeline
        try daemon.run()
        testCase.addTeardownBlock { self.stop() }
        // The socket file appears when the daemon binds it, a moment before it listens.
        try eventually("the bus at \(socket) accepts a connection", timeout: 10) { unixSocketAccepts(socket) }
    }

    /// Ends every client still running, then the daemon, and removes the folder.
    func stop() {
        for client in clients where client.isRunning { client.terminate() }
        for client in clients { client.waitUntilExit() }
        clients = []
        guard daemon.isRunning else { return }
        try? lifeline.fileHandleForWriting.close()
        daemon.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The environment a client of this bus runs with.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
         "HOME": folder.path]
    }

    /// Runs `arguments` to completion (at most `timeout` s) on this bus; its exit status and
    /// standard output with the trailing newline removed.
    @discardableResult
    func run(_ arguments: [String], timeout: TimeInterval = 10) throws -> (status: Int32, output: String) {
        let outURL = folder.appendingPathComponent("client-\(UUID().uuidString.prefix(8)).out")
        let process = try launch(arguments, output: outURL)
        try eventually("\(arguments.joined(separator: " ")) exits", timeout: timeout) { !process.isRunning }
        process.waitUntilExit()
        let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, output.hasSuffix("\n") ? String(output.dropLast()) : output)
    }

    /// Starts `arguments` on this bus with standard output and error going to `output`; it is
    /// ended when the bus stops.
    func launch(_ arguments: [String], output: URL) throws -> Process {
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw BusTestError(description: "cannot create \(output.path)")
        }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        clients.append(process)
        return process
    }
}

/// A bus test step that could not be done: a wait ran out of time, a file could not be made.
struct BusTestError: Error, CustomStringConvertible {
    let description: String
}
