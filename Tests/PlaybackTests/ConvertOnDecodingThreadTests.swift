import FFmpeg
import Foundation
import TestSupport
import XCTest
@testable import Playback

/// Pictures are converted to the size shown on the decoding thread, as they are queued, never
/// by the painter (SPEC D1: the main thread only uploads and draws): a painter slower than the
/// video (here 10 paints a second of a 30 fps file, on a clock that moves only once decoding
/// has caught up) takes pictures that are ready at the size shown, and every queued picture
/// is converted exactly once, the uploads none.
final class ConvertOnDecodingThreadTests: XCTestCase {
    func testASlowPainterTakesPicturesAlreadyConvertedAndConvertsNothing() throws {
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
            XCTAssertTrue(frame.width <= 160 && frame.height <= 90, "picture \(frame.pts) waits at the size shown")
            XCTAssertEqual(frame.storage.count, VideoFrame.Layout(width: frame.width, height: frame.height).byteCount)
            let lit = frame.withPlanes { y, _, _ in (0..<frame.width * frame.height / 2).contains { y[$0] > 40 } }
            XCTAssertTrue(lit, "picture \(frame.pts) converted, not the black fallback")
            uploaded.append(frame.pts)
        }
        XCTAssertEqual(session.status, .ended)
        let counters = session.counters
        XCTAssertEqual(counters.decoded, 60, "every picture decoded: \(counters)")
        XCTAssertLessThanOrEqual(uploaded.count, 22, "the painter took about one picture in three")
        XCTAssertGreaterThanOrEqual(uploaded.count, 18)
        XCTAssertGreaterThan(counters.queued, 2 * uploaded.count, "most queued pictures were never taken")
        XCTAssertEqual(counters.converted, counters.queued,
                       "each queued picture converted once, the uploads none: \(counters)")
        XCTAssertEqual(counters.presented, uploaded.count)
    }

    /// Whatever its decoded size, a picture waits in the queue converted to the size shown
    /// (four decoded 1080p pictures would hold 12 MB; four at 320x180 hold 0.4 MB).
    func testPicturesOfEverySizeWaitAtTheSizeShown() throws {
        for size in ["1920x1080", "1280x720", "640x360"] {
            let session = SourcePlayer(source: "lavfi:testsrc2=size=\(size):rate=10")
            defer { session.close() }
            session.setOutputSize(width: 320, height: 180)
            let frame = try eventuallyValue("a picture of \(size)", timeout: 10, poll: 0.005) { session.takeFrame() }
            XCTAssertEqual(frame.storage.count, VideoFrame.Layout(width: frame.width, height: frame.height).byteCount, size)
            XCTAssertEqual(frame.width, 320, size)
            XCTAssertGreaterThanOrEqual(session.counters.converted, session.counters.presented, "\(size): \(session.counters)")
        }
    }
}
