import Foundation
@testable import Playback
import TestSupport
import XCTest

final class LavfiPlaybackTests: XCTestCase {
    func testLavfiSourcePlaysVideoAtTheRequestedSizeAndAudio() {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=640x360:rate=30[out0];sine=f=440[out1]")
        defer { session.close() }
        session.setOutputSize(width: 320, height: 320)
        let mixer = AudioMixer()
        mixer.add(session)
        var serials: [Int] = []
        let device = FakeAudioDevice(mixer: mixer)
        let played = device.run(timeout: 5, afterChunk: {
            if let frame = session.takeFrame(), frame.serial != serials.last { serials.append(frame.serial) }
        }, until: { serials.count >= 15 })
        XCTAssertTrue(played, "status \(session.status)")
        XCTAssertEqual(session.status, .playing)
        XCTAssertTrue(session.hasAudio)
        let frame = session.takeFrame()
        XCTAssertEqual(frame?.width, 320)
        XCTAssertEqual(frame?.height, 180)
        XCTAssertEqual(session.videoSize?.width, 640)
        XCTAssertEqual(session.videoSize?.height, 360)
        XCTAssertEqual(serials, serials.sorted())
        // sine's default amplitude 1/8 is -21 dBFS RMS; spreading mono over two channels costs 3 dB.
        XCTAssertEqual(session.audioLevel, -24, accuracy: 1.5)
        XCTAssertEqual(session.openCount, 1)
    }

    func testMutedPlayerStillAdvancesItsClockAndOutputsSilence() throws {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=25[out0];sine=f=300[out1]")
        defer { session.close() }
        session.isMuted = true
        let mixer = AudioMixer()
        mixer.add(session)
        try eventually("session.status == .playing", timeout: 5, poll: 0.005) { session.status == .playing }
        var buffer = [Float](repeating: 0, count: 512 * 2)
        let start = session.clockTime ?? 0
        var peak: Float = 0
        for _ in 0..<40 {
            buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: 512) }
            peak = max(peak, buffer.map(abs).max() ?? 0)
            _ = try? eventually("audio buffered", timeout: 0.2, poll: 0.005) { session.bufferedAudio > 0.02 }
        }
        XCTAssertEqual(peak, 0)
        XCTAssertGreaterThan((session.clockTime ?? 0) - start, 0.3)
        XCTAssertEqual(session.audioLevel, -24, accuracy: 1.5, "the level is measured before mute")
    }
}

final class VideoSwitchTests: XCTestCase {
    func testHiddenVideoDecodesNothingWhileAudioAndClockGoOn() {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=320x240:rate=30[out0];sine=f=440[out1]")
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 512, speed: 4)
        XCTAssertTrue(device.run(timeout: 5, afterChunk: { _ = session.takeFrame() },
                                 until: { session.counters.queued > 5 }))
        session.setVideoDemand(.hidden)
        // Pictures in flight when it was hidden come out in this second.
        _ = device.run(timeout: 1, until: { false })
        let before = session.counters
        let clock = session.clockTime ?? 0
        _ = device.run(timeout: 0.5, until: { false })
        let after = session.counters
        let played = (session.clockTime ?? 0) - clock
        XCTAssertGreaterThan(played, 1, "the clock went on")
        // Hidden, the source holds its newest key frame (raw video: every frame) and decodes nothing.
        XCTAssertEqual(after.decoded, before.decoded, "nothing decoded while hidden")
        XCTAssertEqual(after.queued, before.queued, "nothing queued while hidden")
        session.setVideoDemand(.full(width: 320, height: 240))
        // Five pictures presented after the source is shown: past the still or two queued
        // ahead while hidden (the queue may hold more pictures ahead of the clock than that).
        let presented = session.counters.presented
        XCTAssertTrue(device.run(timeout: 3, afterChunk: { _ = session.takeFrame() },
                                 until: { session.counters.presented > presented + 5 }))
        XCTAssertEqual(session.takeFrame()?.isStill, false, "raw video is live again at once: every frame is a key frame")
    }

    func testAudioOnlySourcePlaysThroughTheMixer() throws {
        let session = SourcePlayer(source: "lavfi:sine=f=1000:sample_rate=44100")
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        var peak: Float = 0
        var buffer = [Float](repeating: 0, count: 480 * 2)
        try eventually("\(session.status) \(session.bufferedAudio) \(peak)", timeout: 5, poll: 0.005) {
            buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: 480) }
            peak = max(peak, buffer.map(abs).max() ?? 0)
            return peak > 0.05
        }
        XCTAssertFalse(session.hasVideo)
        XCTAssertTrue(session.hasAudio)
        XCTAssertNil(session.takeFrame())
        session.volume = 0.5
        try eventually("volume scales the output", timeout: 2, poll: 0.005) {
            buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: 480) }
            let halfPeak = buffer.map(abs).max() ?? 0
            return abs(halfPeak - peak / 2) < 0.01
        }
    }
}
