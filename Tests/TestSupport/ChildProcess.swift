import Foundation

/// How a child process ended.
public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// The process called `exit` with this code.
    case exited(Int32)
    /// The process was ended by this signal.
    case signaled(Int32)

    /// Decodes a raw `waitpid` status word.
    public init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(signal)
    }

    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signaled(let signal): "killed by signal \(signal)"
        }
    }
}

/// A program started in its own process group that cannot outlive the process watching it: the
/// one way tests start a program (an X server, a window manager, `ffmpeg`, a bus daemon, the
/// app itself).
///
/// The program runs under a tiny `sh` wrapper: a background watchdog in the same process
/// group polls the watched process (the test process by default) and kills the whole group
/// when it disappears, so a crashed or killed test run never leaks X servers or apps. The
/// wrapper then `exec`s the program, so `pid` is the program itself and also the group id.
/// Its standard input is `/dev/null`; its output goes to files (a pipe a test forgot to read
/// would stall a program that prints much).
public final class ChildProcess {
    /// Process id of the program; also its process group id.
    public let pid: pid_t
    /// The command line, for messages.
    public let commandLine: [String]
    /// File receiving the program's standard output.
    public let stdoutURL: URL
    /// File receiving the program's standard error (the same file as standard output when
    /// both were given the same URL).
    public let stderrURL: URL

    private var status: ExitStatus?

    /// Seconds between the watchdog's checks of the watched process.
    static let watchdogInterval = "0.3"

    /// Where output nobody reads goes.
    public static let discarded = URL(fileURLWithPath: "/dev/null")

    private static let wrapperScript = """
        watched=$1; shift
        (
            exec </dev/null >/dev/null 2>&1 3>&-
            while kill -0 "$watched" && kill -0 $$; do sleep \(watchdogInterval); done
            kill -0 $$ && kill -9 -$$
        ) &
        exec "$@"
        """

    /// Starts `executable` with `arguments` and exactly `environment` (by default, this process's
    /// environment as it is now).
    ///
    /// - Parameters:
    ///   - stdoutURL: the file the program's standard output replaces; discarded by default.
    ///   - stderrURL: the same for standard error; given `stdoutURL`, both go to that one file.
    ///   - extraDescriptor: a descriptor of this process to hand to the program as fd 3.
    ///   - watchedProcess: the process whose disappearance kills the program's group.
    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdoutURL: URL = ChildProcess.discarded,
        stderrURL: URL = ChildProcess.discarded,
        extraDescriptor: Int32? = nil,
        watchedProcess: pid_t = getpid()
    ) throws {
        self.commandLine = [executable] + arguments
        self.stdoutURL = stdoutURL
        self.stderrURL = stderrURL

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if stderrURL == stdoutURL && stdoutURL != Self.discarded {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        if let extraDescriptor {
            posix_spawn_file_actions_adddup2(&actions, extraDescriptor, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] {
            sigaddset(&defaultSignals, signal)
        }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        )

        let argv = ["/bin/sh", "-c", Self.wrapperScript, "floatapp-test-wrapper", String(watchedProcess)]
            + commandLine
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var cArgv = argv.map { strdup($0) } + [nil]
        var cEnvp = envp.map { strdup($0) } + [nil]
        defer {
            cArgv.forEach { free($0) }
            cEnvp.forEach { free($0) }
        }
        var childPid: pid_t = 0
        let result = posix_spawn(&childPid, "/bin/sh", &actions, &attributes, &cArgv, &cEnvp)
        guard result == 0 else {
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = childPid
    }

    deinit {
        terminate(grace: 0)
    }

    /// The exit status if the program has ended (reaping it), else nil.
    public var exitStatus: ExitStatus? {
        if status == nil {
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid {
                status = ExitStatus(waitStatus: raw)
            }
        }
        return status
    }

    /// Whether the program is still running.
    public var isRunning: Bool { exitStatus == nil }

    /// Waits up to `timeout` seconds for the program to end; nil if it is still running.
    public func waitForExit(timeout: TimeInterval) -> ExitStatus? {
        try? eventuallyValue("\(commandLine[0]) exits", timeout: timeout, poll: 0.01) { exitStatus }
    }

    /// Ends the program's whole process group: SIGTERM, then SIGKILL after `grace` seconds.
    ///
    /// Always leaves the program reaped and its group (watchdog included) killed, waiting
    /// briefly until the kernel has ended every member.
    @discardableResult
    public func terminate(grace: TimeInterval = 2) -> ExitStatus {
        if isRunning {
            killpg(pid, SIGTERM)
        }
        if waitForExit(timeout: grace) == nil {
            killpg(pid, SIGKILL)
        }
        var raw: Int32 = 0
        while status == nil {
            if waitpid(pid, &raw, 0) == pid {
                status = ExitStatus(waitStatus: raw)
            } else if errno != EINTR {
                status = .signaled(SIGKILL)
            }
        }
        killpg(pid, SIGKILL)
        let group = pid
        _ = try? eventually("process group \(group) is empty", timeout: 2, poll: 0.005) {
            ProcessTable.members(ofGroup: group).isEmpty
        }
        return status ?? .signaled(SIGKILL)
    }

    /// Sends `signal` to the program alone (not its watchdog), e.g. SIGINT for an `ffmpeg`
    /// that should close its output, or SIGKILL for a crash; nothing once it has been reaped.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    /// The text of `url`, empty if it cannot be read. Read through a FileHandle: Foundation's
    /// `Data(contentsOf:)` leaks its read buffer on an empty file (LeakSanitizer, make sanitize).
    public static func text(of url: URL) -> String {
        guard url != discarded, let handle = try? FileHandle(forReadingFrom: url) else { return "" }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// The last `lines` lines of standard output and standard error, for failure messages.
    public func outputTail(lines: Int = 40) -> String {
        func tail(_ url: URL) -> String {
            Self.text(of: url).split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
                .joined(separator: "\n")
        }
        return """
            --- \(commandLine.joined(separator: " ")) stdout (\(stdoutURL.path)):
            \(tail(stdoutURL))
            --- stderr (\(stderrURL.path)):
            \(tail(stderrURL))
            """
    }
}

/// Reads the kernel's process table.
public enum ProcessTable {
    /// Process ids of every live (non-zombie) process whose process group is `group`.
    public static func members(ofGroup group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { return nil }
            // Fields after "(comm) ": state ppid pgrp ...
            let fields = stat[afterName.upperBound...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", pid_t(fields[2]) == group else { return nil }
            return pid
        }
    }
}
