import FFmpeg
import Foundation
import TestSupport
import XCTest
@testable import Playback

/// The video thread decodes in bursts: it fills the picture queue (as many pictures as hold
/// 2 MB at the size shown, 3 to 8), then sleeps while the clock plays it down to the refill mark
/// of 2 pictures, then fills it again, rather than waking to decode one picture each time one
/// is presented. Played on a clock that moves only once a burst has ended, so what the test
/// sees does not depend on the machine's load.
final class BurstDecodingTests: XCTestCase {
    /// Plays `file` (30 fps, `pictures` pictures) shown at `width`x`height` to its end; returns,
    /// for each step of the clock, the pictures queued so far and the pictures waiting.
    private func play(_ file: String, pictures: Int, width: Int, height: Int) -> (steps: [(queued: Int, waiting: Int)], counters: PlaybackCounters, ended: Bool) {
        var player = ManualPlayer(source: file, chunkFrames: 480)
        let session = player.session
        defer { session.close() }
        session.setOutputSize(width: width, height: height)
        var steps: [(queued: Int, waiting: Int)] = []
        while !session.status.isFinal && steps.count < 4000 {
            player.step(pictures: pictures, timeout: 5)
            _ = session.takeFrame()
            // Each step is read, and time goes on, only once the video thread sleeps with the
            // queue above the refill mark (or has queued every picture): a burst started by the
            // step has ended, on any load.
            _ = try? eventually("the video thread sleeps", timeout: 5, poll: 0.001) {
                let (refilling, waiting) = session.core.withLock { ($0.videoRefilling, $0.frames.count) }
                return (!refilling && waiting > SharedState.videoRefillMark) || session.counters.queued == pictures
            }
            steps.append((session.counters.queued, session.queuedFrames))
        }
        return (steps, session.counters, session.status == .ended)
    }

    func testSmallPicturesAreDecodedInBurstsFromTheRefillMarkToEight() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("bursts.mp4", seconds: 3)
        let (steps, counters, ended) = play(file, pictures: 90, width: 160, height: 120)
        XCTAssertTrue(ended)
        XCTAssertEqual(counters.decoded, 90, "\(counters)")
        XCTAssertEqual(counters.dropped, 0, "bursts starve nothing: \(counters)")
        XCTAssertEqual(steps.map(\.waiting).max(), 8, "160x120 pictures (29 KB) fill a queue of 8")
        // Pictures come in bursts, each filling the queue, each only once the clock has played
        // it down to the refill mark (a step of 10 ms takes at most one 33 ms picture away).
        var bursts = 0
        for (before, now) in zip(steps, steps.dropFirst()) where now.queued > before.queued {
            bursts += 1
            XCTAssertTrue(now.waiting == 8 || now.queued == 90, "a burst that stopped at \(now.waiting) pictures")
            XCTAssertLessThanOrEqual(before.waiting, SharedState.videoRefillMark + 1,
                                     "pictures queued with \(before.waiting - 1) or more waiting")
        }
        // 90 pictures: the first 8, then bursts of 6 (the last shorter).
        XCTAssertTrue((13...15).contains(bursts), "\(bursts) bursts")
    }

    /// On the real clock, the video thread sleeps through a queue's drain: fewer wake-ups than
    /// one for every two pictures (one a picture before bursts), however many a burst needs.
    /// Pictures are counted as the painter takes them: the count queued at a moment of the
    /// clock depends on where in a burst that moment falls (2 to 8 pictures ahead of it).
    func testTheVideoThreadSleepsWhileTheQueueDrains() throws {
        let run = try SteadyPlayback(TestMedia(), name: "drains.mp4")
        let (before, after, played) = (run.before, run.after, run.played)
        let pictures = after.presented - before.presented, wakeups = after.videoWakeups - before.videoWakeups
        XCTAssertGreaterThan(Double(pictures), played * 30 - 5, "it played steadily: \(after)")
        XCTAssertLessThan(wakeups, pictures / 2, "\(wakeups) wake-ups of the video thread for \(pictures) pictures")
        XCTAssertEqual(after.dropped, before.dropped, "no picture came late: \(after)")
    }

    func testLargePicturesKeepAQueueOfThree() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("large.mp4", seconds: 1, size: "1280x720")
        let (steps, counters, ended) = play(file, pictures: 30, width: 1280, height: 720)
        XCTAssertTrue(ended)
        XCTAssertEqual(counters.decoded, 30, "\(counters)")
        XCTAssertEqual(steps.map(\.waiting).max(), 3, "720p pictures (1.4 MB) fill a queue of 3: \(steps.map(\.waiting))")
    }

    func testTheQueueHoldsTwoMegabytesOfPicturesFromThreeToEight() {
        XCTAssertEqual(SharedState.videoQueueCapacity(pictureBytes: VideoFrame.Layout(width: 320, height: 180).byteCount), 8)
        XCTAssertEqual(SharedState.videoQueueCapacity(pictureBytes: VideoFrame.Layout(width: 640, height: 360).byteCount), 6)
        XCTAssertEqual(SharedState.videoQueueCapacity(pictureBytes: VideoFrame.Layout(width: 1920, height: 1080).byteCount), 3)
        XCTAssertEqual(SharedState.videoQueueCapacity(pictureBytes: 0), 8)
    }
}
