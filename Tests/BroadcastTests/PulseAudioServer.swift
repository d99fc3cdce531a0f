import Foundation
import Glibc
import TestSupport

/// A private PulseAudio server for a test: its own socket in a temporary folder, two null sinks
/// (`room`, what a microphone hears, and `speaker`, what the desktop plays), no hardware.
/// While it runs, `PULSE_SERVER` points this process and its children at it.
///
/// PulseAudio runs as root too without `--system`: given its own runtime, state and home
/// folders and `-n` (none of the desktop's default modules). It is started as a daemon, whose
/// starting process exits once the server is ready, so the daemon leaves the starting process's
/// group and outlives it until ``stop()``.
final class PulseAudioServer {
    static let room = "floatapp_room"
    static let speaker = "floatapp_speaker"

    let folder: URL
    private let previousServer: String?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-pulse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let socket = folder.appendingPathComponent("native").path
        let script = """
        load-module module-native-protocol-unix auth-anonymous=1 socket=\(socket)
        load-module module-null-sink sink_name=\(Self.room) rate=48000
        load-module module-null-sink sink_name=\(Self.speaker) rate=48000
        set-default-sink \(Self.speaker)

        """
        let scriptFile = folder.appendingPathComponent("floatapp.pa")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        for (key, name) in [("XDG_RUNTIME_DIR", "runtime"), ("HOME", "home"), ("PULSE_RUNTIME_PATH", "runtime/pulse"),
                            ("PULSE_STATE_PATH", "state")] {
            environment[key] = folder.appendingPathComponent(name).path
        }
        let started = try runProgram("/usr/bin/pulseaudio", ["-n", "-F", scriptFile.path, "--daemonize=yes", "--exit-idle-time=-1",
                                                            "--disallow-exit", "--log-target=file:" + folder.appendingPathComponent("log").path],
                                     environment: environment, timeout: 20)
        previousServer = getenv("PULSE_SERVER").map { String(cString: $0) }
        setenv("PULSE_SERVER", "unix:" + socket, 1)
        setenv("PULSE_COOKIE", folder.appendingPathComponent("cookie").path, 1)
        guard started.status == 0, daemon != nil else { throw PulseAudioError.didNotStart(log) }
    }

    /// The daemon's process id, from its pid file; nil when it is not running.
    private var daemon: pid_t? {
        let file = folder.appendingPathComponent("runtime/pulse/pid")
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), Glibc.kill(pid, 0) == 0 else { return nil }
        return pid
    }

    /// The server's log so far.
    var log: String { (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? "" }

    /// What `pactl arguments` printed; throws when it fails.
    @discardableResult
    func pactl(_ arguments: [String]) throws -> String {
        let output = try runProgram("/usr/bin/pactl", arguments, timeout: 5)
        guard output.status == 0 else { throw PulseAudioError.pactlFailed(arguments, output.text) }
        return output.text
    }

    /// Loads PulseAudio's echo canceller with the room's monitor as its microphone and the
    /// speaker as what it cancels (`aec_method=null`: the module and its source as a desktop
    /// has them, without the canceller's CPU). Its source is `floatapp_room.monitor.echo-cancel`.
    func loadEchoCanceller() throws {
        try pactl(["load-module", "module-echo-cancel", "source_master=\(Self.room).monitor",
                   "sink_master=\(Self.speaker)", "aec_method=null"])
    }

    /// The state `pactl list short sinks` gives `sink` (`RUNNING`, `IDLE`, `SUSPENDED`).
    func state(ofSink sink: String) throws -> String? {
        let rows: [[Substring]] = try pactl(["list", "short", "sinks"]).split(separator: "\n").map { $0.split(separator: "\t") }
        guard let row = rows.first(where: { $0.count >= 5 && $0[1] == sink }) else { return nil }
        return String(row[4])
    }

    /// Ends the server; `PULSE_SERVER` still points at its socket, where nobody answers now.
    func kill() {
        guard let pid = daemon else { return }
        Glibc.kill(pid, SIGTERM)
        _ = try? eventually("PulseAudio \(pid) ends", timeout: 5, poll: 0.01) { Glibc.kill(pid, 0) != 0 }
    }

    /// Stops the server and points `PULSE_SERVER` back where it was.
    func stop() {
        kill()
        if let previousServer { setenv("PULSE_SERVER", previousServer, 1) } else { unsetenv("PULSE_SERVER") }
        unsetenv("PULSE_COOKIE")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Why the test's sound server could not be used.
enum PulseAudioError: Error {
    case didNotStart(String)
    case pactlFailed([String], String)
}

/// Runs `path arguments` to its end (killed after `timeout` seconds); its exit status (the
/// signal's number when a signal ended it) and standard output.
func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil,
                timeout: Double) throws -> (status: Int32, text: String, data: Data) {
    // The output goes to a file, so a child that prints much never waits on a full pipe.
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-run-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let process = try ChildProcess(executable: path, arguments: arguments,
                                   environment: environment ?? ProcessInfo.processInfo.environment, stdoutURL: outputFile)
    let status = process.waitForExit(timeout: timeout) ?? process.terminate()
    // FileHandle rather than Data(contentsOf:): Foundation's Data(contentsOf:) leaks its 4 KiB
    // read buffer when the file is empty (LeakSanitizer, make sanitize), as pulseaudio's is.
    let reader = try FileHandle(forReadingFrom: outputFile)
    defer { try? reader.close() }
    let data = try reader.readToEnd() ?? Data()
    let code: Int32 = switch status {
    case .exited(let code): code
    case .signaled(let signal): signal
    }
    return (code, String(decoding: data, as: UTF8.self), data)
}
