import Foundation

/// How a command that ran to its end ended, and what it printed.
struct CommandOutcome {
    let status: ExitStatus
    let stdout: String
    let stderr: String
}

extension ChildProcess {
    /// Runs `executable` to its end with exactly `environment`, its output in files named
    /// `name.stdout` and `name.stderr` in `folder`. Throws if it does not end within `timeout`.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        in folder: URL, name: String, timeout: TimeInterval = 30
    ) throws -> CommandOutcome {
        let stdoutURL = folder.appendingPathComponent("\(name).stdout")
        let stderrURL = folder.appendingPathComponent("\(name).stderr")
        let process = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment,
            stdoutURL: stdoutURL, stderrURL: stderrURL)
        guard let status = process.waitForExit(timeout: timeout) else {
            process.terminate(grace: 0)
            throw HarnessError("\(executable) did not end in \(timeout) s\n\(process.outputTail())")
        }
        return CommandOutcome(
            status: status, stdout: (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")
    }
}
