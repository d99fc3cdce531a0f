import Foundation
import Glibc

/// A real Janus run from the project's own config (scripts/janus/run.sh, as `make server` runs
/// it) on free ports, its config and log in a temp folder; dies with the test process. `stop()`
/// and `start()` again restart it on the same ports (a Janus restarted mid-call).
public final class JanusServer {
    public let directory: URL
    public let httpPort: Int
    public let webSocketPort: Int
    /// `JANUS_ICE_ENFORCE`: the interfaces ICE may use (a test's network namespace's veth).
    public let iceEnforce: String?
    private var process: ChildProcess?

    /// The UDP port range of Janus's media (its ICE candidates), as nft and Janus write it:
    /// below the kernel's ephemeral ports (32768-60999), where every WebRTC client of the tests
    /// binds, and apart from the WebRTC tests' own Janus (20000-40000). A test that drops this
    /// range (ICE that never connects) then cuts off only this Janus: with 40000-49999 it also
    /// dropped what a client beside it received on an ephemeral port in that range, and a
    /// WebRTC test running at the same time failed to connect.
    public static let mediaPorts = "10000-19999"

    /// Picks the ports and the folder; call ``start()`` to run Janus.
    public init(iceEnforce: String? = nil) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-janus-\(UUID().uuidString)")
        httpPort = freeLocalPort()
        var ws = freeLocalPort()
        while ws == httpPort { ws = freeLocalPort() }
        webSocketPort = ws
        self.iceEnforce = iceEnforce
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The HTTP API's URL, as a rooms file names the server.
    public var apiURL: String { "http://127.0.0.1:\(httpPort)/janus" }
    /// The WebSocket API's URL, as a rooms file names the server.
    public var webSocketURL: String { "ws://127.0.0.1:\(webSocketPort)" }
    /// Janus's own log.
    public var log: URL { directory.appendingPathComponent("janus.log") }
    /// The running Janus's process id.
    public var pid: pid_t? { process?.pid }

    /// Starts Janus and waits (up to 10 s) until both APIs accept connections.
    public func start() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        environment["JANUS_DIR"] = directory.path
        environment["JANUS_HTTP_PORT"] = String(httpPort)
        environment["JANUS_WS_PORT"] = String(webSocketPort)
        environment["JANUS_RTP_PORTS"] = Self.mediaPorts
        if let iceEnforce { environment["JANUS_ICE_ENFORCE"] = iceEnforce }
        let process = try ChildProcess(executable: root.appendingPathComponent("scripts/janus/run.sh").path, environment: environment,
                                       stdoutURL: directory.appendingPathExtension("out"))
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !(localPortAccepts(httpPort) && localPortAccepts(webSocketPort)) {
            guard process.isRunning, Date() < deadline else {
                let log = ChildProcess.text(of: self.log)
                stop()
                throw HarnessError("Janus did not start: \(log.split(separator: "\n").suffix(8).joined(separator: "\n"))")
            }
            usleep(20_000)
        }
    }

    /// Kills Janus at once, as a crash does (SIGKILL to its whole process group: the script
    /// that runs it and Janus), and reaps it; ``start()`` runs it again on the same ports.
    public func kill() {
        guard let process else { return }
        killpg(process.pid, SIGKILL)
        stop()
    }

    /// Stops Janus (SIGTERM, then SIGKILL after a second).
    public func stop() {
        _ = process?.terminate(grace: 1)
        process = nil
    }
}
