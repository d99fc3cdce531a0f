import Broadcast
import Foundation
import LiveServerTestSupport
import Playback
import TestSupport
import XCTest

/// A call's live delay limit on a real nginx-rtmp: a sound output that consumes slower than
/// real time (a loaded machine's) lets the delay of a plain live session pile up, while a
/// session with the limit skips back to the live edge and stays near it.
final class LiveDelayLimitTests: XCTestCase {
    func testASlowOutputPilesUpDelayOnlyWithoutTheLimit() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let source = "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"
        let publisher = Publisher(source: source, url: nginx.rtmpURL("slow"))
        defer { publisher.stop() }
        try eventually("\(publisher.status)", timeout: 15, poll: 0.005) { publisher.status == .live }
        var limitedOptions = PlaybackOptions.live
        limitedOptions.liveDelayLimit = 0.25
        let limited = SourcePlayer(source: nginx.rtmpURL("slow"), options: limitedOptions)
        let plain = SourcePlayer(source: nginx.rtmpURL("slow"), options: .live)
        defer {
            limited.close()
            plain.close()
        }
        let mixer = AudioMixer()
        mixer.add(limited)
        mixer.add(plain)
        // The output takes 0.8 s of sound each second.
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 0.8)
        let take = {
            _ = limited.takeFrame()
            _ = plain.takeFrame()
        }
        XCTAssertTrue(device.run(timeout: 15, afterChunk: take, until: { limited.status == .playing && plain.status == .playing }),
                      "\(limited.status) \(plain.status)")
        _ = device.run(timeout: 4, afterChunk: take, until: { false })
        var behind: (limited: [Double], plain: [Double]) = ([], [])
        _ = device.run(timeout: 1, afterChunk: {
            take()
            if let b = limited.behindNewest { behind.limited.append(b) }
            if let b = plain.behindNewest { behind.plain.append(b) }
        }, until: { false })
        let median = { (samples: [Double]) in samples.isEmpty ? .nan : samples.sorted()[samples.count / 2] }
        print(String(format: "behind the newest decoded after 5 s of a 0.8x output: %.3f s with the limit, %.3f s without",
                     median(behind.limited), median(behind.plain)))
        XCTAssertLessThan(median(behind.limited), 0.3, "the limited session stays near the live edge")
        XCTAssertGreaterThan(median(behind.plain), 0.4, "without the limit the delay piles up (the test's slow output works)")
        XCTAssertGreaterThan(limited.counters.liveSkips, 0)
        XCTAssertEqual(plain.counters.liveSkips, 0)
    }
}
