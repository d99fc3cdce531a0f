import Foundation
import LiveServerTestSupport
import TestSupport
import XCTest

/// R6 in the real app: a file and an HLS URL served from 127.0.0.1, given as arguments, are
/// listed under "Opened" above the rooms file's rooms; the first plays under the title its
/// container gives, the second plays when picked, and a bad argument is a room that says why.
final class OpenedItemsE2ETests: AppE2ETestCase {
    private static let metadataTitle = "Test Card 試験"

    /// One ffmpeg run writes both: a 20 s Matroska file titled ``metadataTitle`` at `file`, and a
    /// 10 s H.264 HLS VOD playlist `evening.m3u8` with its 1 s segments in `hlsFolder`.
    private func writeMedia(file: URL, hlsFolder: URL) throws {
        let log = file.deletingLastPathComponent().appendingPathComponent("ffmpeg.log")
        let ffmpeg = try ChildProcess(
            executable: "/usr/bin/ffmpeg",
            arguments: ["-nostdin", "-y", "-loglevel", "error",
                        "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
                        "-map", "0:v", "-map", "1:a", "-t", "20", "-c:v", "mpeg4", "-c:a", "aac",
                        "-metadata", "title=\(Self.metadataTitle)", file.path,
                        "-map", "0:v", "-map", "1:a", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
                        "-c:a", "aac", "-f", "hls",
                        "-hls_time", "1", "-hls_playlist_type", "vod",
                        "-hls_segment_filename", hlsFolder.appendingPathComponent("evening-%d.ts").path,
                        hlsFolder.appendingPathComponent("evening.m3u8").path],
            environment: ["PATH": "/usr/bin:/bin"], stdoutURL: log, stderrURL: log)
        guard ffmpeg.waitForExit(timeout: 60) == .exited(0) else {
            throw HarnessError("ffmpeg could not write the test media\n\(ffmpeg.outputTail())")
        }
    }

    func testAFileAndAnHLSURLGivenAsArgumentsAreListedUnderOpenedAndPlay() throws {
        let nginx = try NginxServer()
        let file = nginx.directory.appendingPathComponent("files/clip one.mkv")
        try writeMedia(file: file, hlsFolder: nginx.directory.appendingPathComponent("hls"))
        try nginx.start()
        defer { nginx.stop() }
        let hls = nginx.hlsURL("evening")
        let session = try startApp(rooms: [.live("pattern", title: "Pattern")],
                                   arguments: [file.path, hls, "ftp://bad.example/x.ts"])
        try session.run {
            let added = try session.waitForEvents("item_added", count: 2, timeout: 10)
            XCTAssertEqual(added.map { $0.fields["title"] ?? "" }, ["clip one.mkv", "evening.m3u8"])
            XCTAssertEqual(added.map { $0.fields["room"] ?? "" }, ["opened-1", "opened-2"])
            XCTAssertEqual(Set(added.map { $0.fields["origin"] ?? "" }), ["command_line"])
            let toast = try session.waitForEvents("toast")
            XCTAssertTrue(toast.contains { $0.fields["message"]?.contains("ftp://bad.example/x.ts") == true }, session.summary())

            try session.waitForEvents("status", ["room": "opened-1", "status": "playing"], timeout: 20)
            try session.waitForEvents("room_titled", ["room": "opened-1", "title": Self.metadataTitle])
            try session.waitForMainFrames(of: "opened-1")
            try assertPictureMoves(session, "the file")
            _ = try session.desktop.screenshot("1-file-playing")

            try session.focusMain()
            session.desktop.key(.escape)
            let shown = try session.waitForEvents("list_shown", timeout: 10)
            XCTAssertEqual(shown.last?.fields["count"], "4 rooms")
            XCTAssertEqual(shown.last?.fields["statuses"], "Idle | Idle | Error | Idle",
                           "the opened rooms come first, the bad one marked Error, then the rooms file's")
            _ = try session.desktop.screenshot("2-opened-section")

            session.desktop.key(.down)
            session.desktop.key(.returnKey)
            try session.waitForEvents("status", ["room": "opened-2", "status": "playing"], timeout: 20)
            try session.waitForMainFrames(of: "opened-2")
            try assertPictureMoves(session, "the HLS stream")
            _ = try session.desktop.screenshot("3-hls-playing")
            XCTAssertTrue(session.app.isRunning, "a bad argument never ends the app")
        }
    }

    /// The main window's pixels change within a few seconds: the picture plays.
    private func assertPictureMoves(_ session: RunningApp, _ what: String) throws {
        let rect = try session.mainRect()
        let first = try session.desktop.grab(rect)
        try eventually("\(what)'s picture moves on screen", timeout: 5, poll: 0.2) {
            try session.desktop.grab(rect).meanAbsoluteDifference(to: first) > 1
        }
    }
}
