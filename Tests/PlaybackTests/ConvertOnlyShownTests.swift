import Foundation
@testable import Playback
import TestSupport
import XCTest

/// Pictures are converted only when the painter asks for their pixels: a painter slower than
/// the video (here 10 paints a second of a 30 fps file, on a clock that moves only once
/// decoding has caught up) gets every picture it takes converted once, and no picture it never
/// took is converted at all.
final class ConvertOnlyShownTests: XCTestCase {
    func testASlowPainterGetsOnlyThePicturesItTakesConverted() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("paced.mp4", seconds: 2)
        var player = ManualPlayer(source: file, chunkFrames: 480)
        let session = player.session
        defer { session.close() }
        session.setOutputSize(width: 160, height: 90)
        var uploaded: [Double] = []
        var steps = 0, nextPaint = 0.0
        while !session.status.isFinal && steps < 4000 {
            steps += 1
            player.step(pictures: 60, timeout: 5)
            guard let time = session.clockTime, time >= nextPaint else { continue }
            nextPaint = time + 0.1
            // What a painter does with the picture it takes: uploads its planes.
            guard let frame = session.takeFrame(), frame.pts != uploaded.last else { continue }
            XCTAssertFalse(frame.isConverted, "picture \(frame.pts) converted before it was taken")
            let lit = frame.withPlanes { y, _, _ in (0..<frame.width * frame.height / 2).contains { y[$0] > 40 } }
            XCTAssertTrue(lit, "picture \(frame.pts) converted, not the black fallback")
            uploaded.append(frame.pts)
        }
        XCTAssertEqual(session.status, .ended)
        let counters = session.counters
        XCTAssertEqual(counters.decoded, 60, "every picture decoded: \(counters)")
        XCTAssertGreaterThan(counters.queued, 2 * uploaded.count, "most queued pictures were never taken")
        XCTAssertLessThanOrEqual(uploaded.count, 22, "the painter took about one picture in three")
        XCTAssertGreaterThanOrEqual(uploaded.count, 18)
        XCTAssertEqual(counters.converted, uploaded.count, "converted only the pictures uploaded: \(counters)")
        XCTAssertEqual(counters.presented, uploaded.count)
    }

    /// A decoded picture larger than 720p is not held until its upload (four of them would
    /// cost 12 MB): it comes converted; a smaller one waits for its upload.
    func testOnlyPicturesUpTo720pWaitForTheirUpload() throws {
        for (size, held) in [("1920x1080", false), ("1280x720", true)] {
            let session = PlaybackSession(source: "lavfi:testsrc2=size=\(size):rate=10")
            defer { session.close() }
            session.setOutputSize(width: 320, height: 180)
            let frame = try eventuallyValue("a picture of \(size)", timeout: 10, poll: 0.005) { session.takeFrame() }
            XCTAssertEqual(frame.isConverted, !held, size)
            XCTAssertEqual(session.counters.converted > 0, !held, "\(size): \(session.counters)")
        }
    }
}
