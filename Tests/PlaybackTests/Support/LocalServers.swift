import Foundation
import Glibc

/// A TCP port on 127.0.0.1 that nobody listens on right now.
func freeLocalPort() -> Int {
    let server = ListeningSocket()
    return server.port
}

/// A socket listening on 127.0.0.1 that never accepts: the kernel completes connections, and
/// nothing is ever sent back. Closed on deinit.
final class ListeningSocket {
    private let descriptor: Int32
    let port: Int

    init() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                _ = bind(descriptor, generic, length)
                _ = listen(descriptor, 8)
                _ = getsockname(descriptor, generic, &length)
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepted connections, kept open and never answered.
    private var clients: [Int32] = []

    /// Waits up to `timeout` seconds for a client to connect, and accepts it.
    func waitForClient(timeout: Double) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(timeout * 1000)) == 1 else { return false }
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { return false }
        clients.append(client)
        return true
    }

    deinit {
        for client in clients { close(client) }
        close(descriptor)
    }
}

/// `ffmpeg` serving a live MPEG-TS (H.264 + AAC) over HTTP on 127.0.0.1, in real time.
final class LiveHTTPServer {
    let port: Int
    private var process: Process?

    init(port: Int) { self.port = port }

    var url: String { "http://127.0.0.1:\(port)/live.ts" }

    /// Starts the server process (it serves one client).
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
            "-f", "lavfi", "-i", "sine=f=500:sample_rate=48000",
            "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25",
            "-c:a", "aac", "-f", "mpegts", "-listen", "1", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
    }

    /// Kills the server abruptly, as a crash or a dropped link would.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    deinit { kill() }
}
