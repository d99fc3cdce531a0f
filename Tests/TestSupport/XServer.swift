import Foundation
import Glibc

/// Starts X servers for tests (Xvfb, or Xorg with the dummy driver): the one way a test gets an
/// X display. The server is started with `-displayfd`, so it writes its display number once it
/// listens: without a number asked for, it picks the first free one itself (two test runs side
/// by side never race for a number), and either way the test waits for that line, not for a
/// socket file to appear.
public enum XServer {
    /// Starts `executable` with `arguments` (and `-displayfd`; `display` asks for that number
    /// rather than the first free one) and waits until it reports its display number, at the
    /// latest at `deadline`. Its output goes to `<name>.stdout.log` and `<name>.stderr.log` in
    /// `folder`, or nowhere without one. Throws ``HarnessError`` with the server's output when
    /// it ends early or reports nothing in time.
    public static func start(
        _ executable: String, _ arguments: [String], display: Int? = nil,
        logsIn folder: URL? = nil, until deadline: Date
    ) throws -> (process: ChildProcess, displayNumber: Int) {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw HarnessError("pipe failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        defer { close(descriptors[0]) }
        let server: ChildProcess
        do {
            defer { close(descriptors[1]) }
            server = try ChildProcess(
                executable: executable,
                arguments: (display.map { [":\($0)"] } ?? []) + ["-displayfd", "3"] + arguments,
                environment: ["PATH": "/usr/bin:/bin"],
                stdoutURL: folder?.appendingPathComponent("\(name.lowercased()).stdout.log") ?? ChildProcess.discarded,
                stderrURL: folder?.appendingPathComponent("\(name.lowercased()).stderr.log") ?? ChildProcess.discarded,
                extraDescriptor: descriptors[1])
        }
        var text = ""
        let readEnd = descriptors[0]
        do {
            try eventually("\(name) reports its display number", timeout: deadline.timeIntervalSinceNow, poll: 0) {
                guard server.isRunning else {
                    throw HarnessError("\(name) ended early (\(server.exitStatus.map(\.description) ?? "?"))")
                }
                var pollDescriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                guard poll(&pollDescriptor, 1, 50) > 0 else { return false }
                var buffer = [UInt8](repeating: 0, count: 32)
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 {
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                }
                return text.contains("\n") || count == 0
            }
        } catch {
            server.terminate(grace: 0)
            throw HarnessError("\(error)\n\(server.outputTail())")
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate(grace: 0)
            throw HarnessError("\(name) reported no display number (got \"\(text)\")\n\(server.outputTail())")
        }
        return (server, number)
    }
}
