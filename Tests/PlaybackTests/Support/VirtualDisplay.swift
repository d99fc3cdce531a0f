import Foundation
import Glibc
import TestSupport

/// A real X server (Xvfb) on a display number nobody uses, for `x11grab:` sources. Its name is
/// known before it starts, so a test can open a screen that is not up yet. Stopped on deinit.
final class VirtualDisplay {
    let number: Int
    private var server: ChildProcess?

    /// Picks a display number whose socket does not exist yet; the server is not started.
    init() {
        var candidate = 90 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") { candidate += 1 }
        number = candidate
    }

    /// The display name, e.g. `:93`.
    var name: String { ":\(number)" }

    /// Starts Xvfb on the number and waits until it accepts clients.
    func start() throws {
        server = try XServer.start("/usr/bin/Xvfb", ["-screen", "0", "320x240x24", "-nolisten", "tcp"], display: number,
                                   until: Date().addingTimeInterval(10)).process
    }
}

/// Python's HTTP server over a folder on 127.0.0.1, a real server for `http://` and `hls+http://`.
final class StaticHTTPServer {
    let port = freeLocalPort()
    private let process: ChildProcess

    init(folder: URL) throws {
        process = try ChildProcess(
            executable: "/usr/bin/python3",
            arguments: ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path])
        try eventually("the HTTP server accepts on port \(port)", timeout: 10, poll: 0.005) { localPortAccepts(self.port) }
    }

    /// The URL of `name` in the folder.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }
}
