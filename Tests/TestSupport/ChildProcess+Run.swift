import Foundation

/// How a command that ran to its end ended, and what it printed.
public struct CommandOutcome: Sendable {
    public let status: ExitStatus
    public let stdout: String
    public let stderr: String
}

extension ChildProcess {
    /// Runs `executable` to its end with exactly `environment` (by default this process's),
    /// its output in files named `name.stdout` and `name.stderr` in `folder`, or in a temporary
    /// folder removed afterwards when none is given. Throws if it does not start or does not
    /// end within `timeout` seconds (it is killed then).
    public static func run(
        _ executable: String, _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        in folder: URL? = nil, name: String = "command", timeout: TimeInterval = 30
    ) throws -> CommandOutcome {
        let scratch = folder == nil ? FileManager.default.temporaryDirectory
            .appendingPathComponent("floatapp-run-\(UUID().uuidString)") : nil
        if let scratch { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }
        defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
        let place = folder ?? scratch!
        let stdoutURL = place.appendingPathComponent("\(name).stdout")
        let stderrURL = place.appendingPathComponent("\(name).stderr")
        let process = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment,
            stdoutURL: stdoutURL, stderrURL: stderrURL)
        guard let status = process.waitForExit(timeout: timeout) else {
            process.terminate(grace: 0)
            throw HarnessError("\(executable) did not end in \(timeout) s\n\(process.outputTail())")
        }
        return CommandOutcome(status: status, stdout: text(of: stdoutURL), stderr: text(of: stderrURL))
    }
}
