import Foundation

/// Asks the sound server through `pactl` (Debian's pulseaudio-utils), which speaks to
/// PulseAudio and to PipeWire's pulse server alike.
enum Pactl {
    /// How a question went.
    enum Answer: Equatable {
        /// `pactl` is not on the `PATH`.
        case notInstalled
        /// `pactl` failed (no sound server answers) or took longer than ``timeout``.
        case failed
        /// What `pactl` printed.
        case output(String)
    }

    /// Seconds a question may take before `pactl` is ended and the answer counts as failed.
    static let timeout = 2.0

    /// Runs `pactl arguments` in the C locale and returns what it printed.
    static func run(_ arguments: [String]) -> Answer {
        guard let path = executablePath() else { return .notInstalled }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return .failed }
        // The answers are a few lines, far less than a pipe holds, so pactl never waits on the pipe.
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .failed
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else { return .failed }
        return .output(String(decoding: data, as: UTF8.self))
    }

    /// The first `pactl` on the `PATH`, or nil.
    private static func executablePath() -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/pactl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
