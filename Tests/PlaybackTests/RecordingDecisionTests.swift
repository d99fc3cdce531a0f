import FFmpeg
import Foundation
import Playback
import Rooms
import TestSupport
import XCTest

/// D8: a source is a recording when its input reports a finite length and it does not come over
/// a live protocol. The decision's table, what FFmpeg reports for real inputs made here (a file,
/// an HLS playlist with and without `#EXT-X-ENDLIST`, MPEG-TS streamed over HTTP), and a player
/// left to decide: the file ends once, the unfinished playlist plays on at its live edge.
final class RecordingDecisionTests: XCTestCase {
    func testARecordingHasAFiniteLengthAndNoLiveProtocol() throws {
        let cases: [(String, Double?, Bool)] = [
            ("/videos/movie.mp4", 190, true),
            ("file:/videos/movie.mkv", 2, true),
            ("/videos/growing.ts", nil, false),
            ("http://127.0.0.1/movie.mp4", 190, true),
            ("https://127.0.0.1/vod.m3u8", 3, true),
            ("hls+https://127.0.0.1/vod.m3u8", 3, true),
            ("https://127.0.0.1/live.m3u8", nil, false),
            ("http://127.0.0.1/live.ts", nil, false),
            ("http://127.0.0.1/movie.mp4", 0, false),
            ("http://127.0.0.1/movie.mp4", .infinity, false),
            ("rtmp://127.0.0.1/live/cam", 190, false),
            ("rtsp://127.0.0.1/cam", 60, false),
            ("srt://127.0.0.1:9000?mode=caller", 10, false),
            ("udp://239.0.0.1:1234", 5, false),
            ("lavfi:testsrc2=duration=3", 3, false),
            ("v4l2:/dev/video0", 1, false),
        ]
        for (text, duration, expected) in cases {
            let spec = try SourceSpec.parse(text)
            XCTAssertEqual(spec.isRecording(duration: duration), expected, "\(text) reporting \(String(describing: duration))")
        }
    }

    func testWhatFFmpegReportsOfRealInputsAndAPlayerLeftToDecideEndsOnlyTheFile() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 1, rate: 25)
        let vod = try media.ffmpeg(["-i", file, "-c", "copy", "-f", "hls", "-hls_time", "0.5", "-hls_playlist_type", "vod",
                                    media.path("vod.m3u8")])
        let unfinished = media.path("live.m3u8")
        try String(contentsOfFile: vod, encoding: .utf8).replacingOccurrences(of: "#EXT-X-ENDLIST\n", with: "")
            .write(toFile: unfinished, atomically: true, encoding: .utf8)
        let stream = try media.ffmpeg(["-i", file, "-c", "copy", "-f", "mpegts", media.path("clip.ts")])
        let server = PacedHTTPServer(file: try [UInt8](Data(contentsOf: URL(fileURLWithPath: stream))), bytesPerSecond: 4_000_000)
        server.mode = .normal
        defer { server.mode = .down }

        for (source, length) in [(file, 1.0), (vod, 1.0), (unfinished, nil), (server.url, nil)] as [(String, Double?)] {
            let input = try InputContext(url: source, formatName: nil, interrupt: InterruptFlag(), openTimeout: 5, ioTimeout: 5,
                                         deviceOptions: [:])
            let reported = input.durationSeconds
            XCTAssertEqual(reported != nil, length != nil, "\(source) reports \(String(describing: reported))")
            if let reported, let length { XCTAssertEqual(reported, length, accuracy: 0.1, source) }
            XCTAssertEqual(try SourceSpec.parse(source).isRecording(duration: reported), length != nil, source)
        }

        let options = PlaybackOptions(liveness: .decidedOnOpen)
        let recording = SourcePlayer(source: file, options: options)
        let live = SourcePlayer(source: unfinished, options: options)
        defer { SourcePlayer.close([recording, live]) }
        try eventually("the file ends (it is \(recording.status))", timeout: 8) { recording.status == .ended }
        XCTAssertEqual(try XCTUnwrap(recording.duration), 1, accuracy: 0.1)
        XCTAssertEqual(recording.openCount, 1, "a recording is not opened again at its end")
        XCTAssertEqual(live.status, .playing, "FFmpeg waits for an unfinished playlist's next segment, at its live edge")
        XCTAssertNil(live.duration, "a live source has no length")
        XCTAssertNil(live.position)
    }
}
