import Foundation
import TestSupport
import XCTest

/// Media made for one test run with the `ffmpeg` tool, in a temporary folder removed afterwards.
final class TestMedia {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("floatapp-playback-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs `ffmpeg` with `arguments` (after `-hide_banner -loglevel error -y`), waits for it and
    /// returns the last argument (the output path).
    @discardableResult
    func ffmpeg(_ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + arguments,
                                           timeout: 120)
        guard outcome.status == .exited(0) else {
            throw TestMediaError.ffmpegFailed(outcome.stderr)
        }
        return arguments.last ?? ""
    }

    /// An H.264 + AAC MP4 of `seconds` at `rate` fps and `size`.
    func h264AAC(_ name: String, seconds: Double, size: String = "320x240", rate: Int = 30) throws -> String {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=\(seconds)",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p",
                    "-c:a", "aac", "-b:a", "64k", "-shortest", path(name)])
    }
}

enum TestMediaError: Error {
    case ffmpegFailed(String)
}
