import Foundation
import TestSupport

/// Media files the end-to-end tests make for themselves.
enum TestVideoFile {
    /// Writes a `seconds` long (60 s unless told) 320x180 test pattern MP4 to `file` (whole,
    /// then moved into place, so a reader never sees it half-written).
    static func write(to file: URL, seconds: Int = 60) throws {
        let partial = file.deletingLastPathComponent().appendingPathComponent("partial-" + file.lastPathComponent)
        let log = file.deletingLastPathComponent().appendingPathComponent("ffmpeg.log")
        let ffmpeg = try ChildProcess(
            executable: "/usr/bin/ffmpeg",
            arguments: ["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
                        "-t", String(seconds), "-pix_fmt", "yuv420p", "-c:v", "mpeg4", "-f", "mp4", partial.path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: log, stderrURL: log)
        guard ffmpeg.waitForExit(timeout: 60) == .exited(0) else {
            throw HarnessError("ffmpeg could not write the test video\n\(ffmpeg.outputTail())")
        }
        try FileManager.default.moveItem(at: partial, to: file)
    }
}
