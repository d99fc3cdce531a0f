import Foundation
import Glibc
import TestSupport

/// `ffmpeg` serving a live MPEG-TS (H.264 + AAC) over HTTP on 127.0.0.1, in real time.
final class LiveHTTPServer {
    let port: Int
    private var process: ChildProcess?

    init(port: Int) { self.port = port }

    var url: String { "http://127.0.0.1:\(port)/live.ts" }

    /// Starts the server process (it serves one client).
    func start() throws {
        process = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-re",
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25",
            "-f", "lavfi", "-i", "sine=f=500:sample_rate=48000",
            "-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25",
            "-c:a", "aac", "-f", "mpegts", "-listen", "1", url,
        ])
    }

    /// Kills the server abruptly, as a crash or a dropped link would.
    func kill() {
        guard let process else { return }
        process.send(SIGKILL)
        process.terminate(grace: 0)
        self.process = nil
    }

    deinit { kill() }
}
