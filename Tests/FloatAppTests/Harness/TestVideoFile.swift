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

    /// Writes a `seconds` long MPEG-4 + AAC clip to `file`: the picture from the lavfi source
    /// `picture` (its size, rate and duration included), a 440 Hz tone for the sound.
    static func writeWithSound(to file: URL, picture: String, seconds: Int) throws {
        let outcome = try ChildProcess.run(
            "/usr/bin/ffmpeg", ["-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i", picture,
                                "-f", "lavfi", "-i", "sine=frequency=440:duration=\(seconds)",
                                "-c:v", "mpeg4", "-c:a", "aac", "-shortest", file.path],
            timeout: 60)
        guard outcome.status == .exited(0) else { throw HarnessError("ffmpeg could not write the clip: \(outcome.stderr)") }
    }
}
