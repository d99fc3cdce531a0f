import Foundation
import Glibc
import LiveServerTestSupport
import TestSupport

/// A real X server (Xvfb) on a display number nobody uses, for `x11grab:` sources. Stopped on deinit.
final class VirtualDisplay {
    let number: Int
    private var process: Process?

    /// Picks a display number whose socket does not exist yet; the server is not started.
    init() {
        var candidate = 90 + Int(getpid() % 400)
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") { candidate += 1 }
        number = candidate
    }

    /// The display name, e.g. `:93`.
    var name: String { ":\(number)" }

    /// Starts Xvfb and waits until it accepts clients.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [name, "-screen", "0", "320x240x24", "-nolisten", "tcp"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        try eventually("Xvfb :\(number) makes its socket", timeout: 10, poll: 0.005) {
            FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(self.number)")
        }
    }

    deinit {
        guard let process else { return }
        process.terminate()
        process.waitUntilExit()
    }
}

/// Python's HTTP server over a folder on 127.0.0.1, a real server for `http://` and `hls+http://`.
final class StaticHTTPServer {
    let port = freeLocalPort()
    private let process = Process()

    init(folder: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try eventually("the HTTP server accepts on port \(port)", timeout: 10, poll: 0.005) { Self.accepts(port: self.port) }
    }

    /// The URL of `name` in the folder.
    func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

    private static func accepts(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
