import FFmpeg
import Foundation
import Playback
import TestSupport
import XCTest

final class FilePlaybackTests: XCTestCase {
    func testH264AACFileDecodesCompletelyInStep() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("clip.mp4", seconds: 2)
        let session = SourcePlayer(source: file)
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        var shown: [(pts: Double, serial: Int)] = []
        var worstDrift = 0.0
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 256, speed: 1)
        let ended = device.run(timeout: 8, afterChunk: {
            guard let frame = session.takeFrame(), frame.serial != shown.last?.serial else { return }
            shown.append((frame.pts, frame.serial))
            if let clock = session.clockTime { worstDrift = max(worstDrift, abs(clock - frame.pts)) }
        }, until: { session.status.isFinal })
        XCTAssertTrue(ended)
        XCTAssertEqual(session.status, .ended)
        let counters = session.counters
        XCTAssertEqual(counters.decoded, 60)
        XCTAssertEqual(counters.presented + counters.dropped, 60)
        XCTAssertGreaterThanOrEqual(counters.presented, 57, "dropped \(counters.dropped)")
        XCTAssertEqual(shown.count, counters.presented)
        XCTAssertTrue(zip(shown, shown.dropFirst()).allSatisfy { $0.pts < $1.pts && $0.serial < $1.serial })
        XCTAssertEqual(shown.last?.pts ?? 0, 59.0 / 30, accuracy: 0.001)
        XCTAssertLessThan(worstDrift, 0.04, "a frame appeared \(worstDrift) s away from the audio clock")
        XCTAssertEqual(session.lastPresentedPts, shown.last?.pts)
    }

    func testResolutionChangeMidStreamPlaysOn() throws {
        let media = try TestMedia()
        for (name, size, offset) in [("a.ts", "320x240", "0"), ("b.ts", "176x144", "1")] {
            try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=25:duration=1",
                              "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p",
                              "-output_ts_offset", offset, "-f", "mpegts", media.path(name)])
        }
        let joined = media.path("joined.ts")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: media.path("a.ts")))
            + Data(contentsOf: URL(fileURLWithPath: media.path("b.ts")))
        try bytes.write(to: URL(fileURLWithPath: joined))

        let session = SourcePlayer(source: joined)
        defer { session.close() }
        var sizes: [String] = []
        try eventually("the file plays to its end, sizes so far: \(sizes)", timeout: 6, poll: 0.005) {
            // Uploaded as a painter would: a picture is converted when its pixels are asked for.
            if let frame = session.takeFrame(), !frame.storage.isEmpty, sizes.last != "\(frame.width)x\(frame.height)" {
                sizes.append("\(frame.width)x\(frame.height)")
            }
            return session.status.isFinal
        }
        XCTAssertEqual(session.status, .ended)
        XCTAssertEqual(sizes, ["320x240", "176x144"])
        XCTAssertEqual(session.videoSize?.width, 176)
        XCTAssertEqual(session.counters.scalerBuilds, 2)
        XCTAssertEqual(session.counters.decoded, 50)
    }

    func testOutputSizeChangeRebuildsTheScalerOnce() throws {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=640x480:rate=50")
        defer { session.close() }
        session.setOutputSize(width: 200, height: 200)
        // Each picture taken is uploaded as a painter would, which converts it.
        func upload() -> VideoFrame? { session.takeFrame().map { _ = $0.storage; return $0 } }
        try eventually("session.takeFrame()?.width == 200", timeout: 5, poll: 0.005) {
            upload()?.width == 200
        }
        XCTAssertEqual(upload()?.height, 150)
        session.setOutputSize(width: 1920, height: 1080)
        try eventually("never upscaled past the source", timeout: 5, poll: 0.005) { upload()?.width == 640 }
        XCTAssertEqual(session.counters.scalerBuilds, 2)
    }

    func testSmallOutputsSkipTheLoopFilterAndFullSizeOnesDoNot() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("economy.mp4", seconds: 1, size: "640x480", rate: 25)
        for (box, economical) in [((160, 120), true), ((640, 480), false)] {
            let session = SourcePlayer(source: file)
            session.setOutputSize(width: box.0, height: box.1)
            try eventually("the file plays to its end", timeout: 5, poll: 0.005) {
                _ = session.takeFrame(); return session.status.isFinal
            }
            let counters = session.counters
            XCTAssertGreaterThan(counters.queued, 20)
            XCTAssertEqual(counters.economyFrames, economical ? counters.queued : 0, "box \(box)")
            session.close()
        }
    }
}
