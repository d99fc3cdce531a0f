import Broadcast
import Foundation
import LiveServerTestSupport
import Playback
import TestSupport
import XCTest

/// A live stream with a gap (the broadcaster stood still for half a second) played from a real
/// nginx-rtmp: after the gap, playback is as close to the live edge as before it.
final class LiveCatchUpTests: XCTestCase {
    func testAGapInALiveStreamLeavesPlaybackAsCloseToTheLiveEdgeAsBefore() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let source = "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"
        let hold = CaptureHold()
        let publisher = Publisher(source: source, url: nginx.rtmpURL("gap"), captureHold: hold)
        defer { publisher.stop() }
        try eventually("\(publisher.status)", timeout: 15, poll: 0.005) { publisher.status == .live }
        let session = SourcePlayer(source: nginx.rtmpURL("gap"), options: .live)
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
        XCTAssertTrue(device.run(timeout: 15, afterChunk: { _ = session.takeFrame() }, until: { session.status == .playing }),
                      "\(session.status)")

        /// How far the clock is behind the newest decoded sound or picture, sampled every chunk.
        func behind(for seconds: Double) -> [Double] {
            var samples: [Double] = []
            _ = device.run(timeout: seconds, afterChunk: {
                _ = session.takeFrame()
                if let behind = session.behindNewest { samples.append(behind) }
            }, until: { false })
            return samples.sorted()
        }
        _ = behind(for: 1)
        let before = behind(for: 1.5)
        let underruns = session.counters.underruns
        hold.stall(for: 0.5)
        XCTAssertTrue(device.run(timeout: 5, afterChunk: { _ = session.takeFrame() },
                                 until: { session.counters.underruns > underruns }), "the gap reached the player")
        _ = behind(for: 1)
        let after = behind(for: 2)
        let median = { (samples: [Double]) in samples.isEmpty ? .nan : samples[samples.count / 2] }
        print(String(format: "behind the newest decoded: %.3f s before the gap, %.3f s after", median(before), median(after)))
        XCTAssertFalse(before.isEmpty || after.isEmpty, "the clock ran before and after the gap")
        XCTAssertLessThan(median(after), median(before) + 0.1, "the gap did not add to the delay")
        XCTAssertLessThan(median(after), 0.25, "close to the live edge")
    }
}
