import EngineTerms
import FFmpeg
import Foundation
import XCTest
@testable import Playback

/// The decoder skips the H.264 loop filter only while its pictures are converted to at most half
/// the source's width and height (or the source is hidden), and runs it again from the next packet once they are not, in
/// the same session (the source is never reopened). Each picture says which mode decoded it, so
/// the session's `economyFrames` counts exactly the pictures decoded without the filter.
final class LoopFilterTests: XCTestCase {
    func testTheLoopFilterIsSkippedOnlyWhileTheOutputIsSmallAndRunsAgainWhenItGrows() throws {
        let media = try TestMedia()
        // Deblocking on (unlike ultrafast) and B-frames, so pictures come out reordered.
        let file = media.path("deblocked.mp4")
        try media.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=6",
                          "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=6",
                          "-c:v", "libx264", "-preset", "veryfast", "-bf", "2", "-g", "30", "-pix_fmt", "yuv420p",
                          "-c:a", "aac", "-b:a", "64k", "-shortest", file])
        let session = SourcePlayer(source: file)
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        let small = VideoDemand.thumbnail(width: 320, height: 180), full = VideoDemand.full(width: 640, height: 360)
        session.setVideoDemand(small)
        // Each demand after the first starts once the one before it has had `perPhase` pictures
        // (not at a set clock: on a loaded machine late pictures are dropped before they are
        // queued, so a clock's worth of pictures can be fewer); the totals just before each switch.
        let plan = [full, small], perPhase = 20
        var atSwitch: [PlaybackCounters] = []
        var lastSerial = -1
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 512, speed: 1)
        let ended = device.run(timeout: 30, afterChunk: {
            if atSwitch.count < plan.count, session.counters.queued - (atSwitch.last?.queued ?? 0) >= perPhase {
                atSwitch.append(session.counters)
                session.setVideoDemand(plan[atSwitch.count - 1])
            }
            guard let frame = session.takeFrame(), frame.serial != lastSerial else { return }
            lastSerial = frame.serial
        }, until: { session.status.isFinal })
        XCTAssertTrue(ended, "the file played to its end")
        XCTAssertEqual(session.status, .ended)
        XCTAssertEqual(session.openCount, 1, "the source is never reopened")
        XCTAssertEqual(atSwitch.count, 2)
        guard atSwitch.count == 2 else { return }
        let phases = [(atSwitch[0].queued, atSwitch[0].economyFrames),
                      (atSwitch[1].queued - atSwitch[0].queued, atSwitch[1].economyFrames - atSwitch[0].economyFrames),
                      (session.counters.queued - atSwitch[1].queued,
                       session.counters.economyFrames - atSwitch[1].economyFrames)]
        // Pictures already sent to the decoder when the demand changes come out in the mode they
        // were sent in: the decoder's reordering delay plus the one being converted.
        let inFlight = 3
        XCTAssertGreaterThanOrEqual(phases[0].0, perPhase, "pictures converted while small")
        XCTAssertEqual(phases[0].1, phases[0].0, "skipped while small, from the first picture")
        XCTAssertGreaterThanOrEqual(phases[1].0, perPhase, "pictures converted while full")
        XCTAssertLessThanOrEqual(phases[1].1, inFlight, "the loop filter runs again once the output is full size")
        XCTAssertGreaterThanOrEqual(phases[2].0, perPhase, "pictures converted while small again")
        XCTAssertGreaterThanOrEqual(phases[2].1, phases[2].0 - inFlight, "skipped again once the output is small")
    }

    func testTheFilterIsSkippedAtHalfTheSourceOrLessInBothDimensions() {
        let source = (width: 1920, height: 1080)
        func mode(_ box: (Int, Int)?, hidden: Bool = false, _ economy: PlaybackOptions.DecodeEconomy = .automatic)
            -> LoopFilterMode {
            Connection.loopFilter(source: source, box: box.map { (width: $0.0, height: $0.1) }, hidden: hidden, economy: economy)
        }
        XCTAssertEqual(mode((320, 180)), .skipped)
        XCTAssertEqual(mode((960, 540)), .skipped)
        XCTAssertEqual(mode((980, 540)), .skipped, "the picture fits the box's height: 960x540")
        XCTAssertEqual(mode((1000, 1000)), .normal, "1000x562 is more than half the source")
        XCTAssertEqual(mode(nil), .normal, "converted at the source's size")
        XCTAssertEqual(mode(nil, hidden: true), .skipped, "a hidden source's key frames")
        XCTAssertEqual(mode((1920, 1080), hidden: true), .skipped)
        XCTAssertEqual(mode((320, 180), .off), .normal)
        XCTAssertEqual(mode(nil, hidden: true, .off), .normal)
        XCTAssertEqual(Connection.loopFilter(source: nil, box: (width: 320, height: 180), hidden: false, economy: .automatic),
                       .normal, "a source of unknown size")
    }
}
