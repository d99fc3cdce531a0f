import Foundation
@testable import Playback
import TestSupport
import XCTest

/// The video thread decodes in bursts: it fills the picture queue (as many pictures as hold
/// 2 MB at the size shown, 3 to 8), then sleeps while the clock plays it down to the refill mark
/// of 2 pictures, then fills it again, rather than waking to decode one picture each time one
/// is presented. Played on a clock that moves only once decoding has caught up, so what the
/// test sees does not depend on the machine's load.
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
        // Pictures come in bursts: the steps (10 ms each, a picture every 33 ms) at which any
        // was queued are about one in six pictures, not one a picture.
        let queueingSteps = zip(steps, steps.dropFirst()).filter { $1.queued > $0.queued }.count
        XCTAssertLessThan(queueingSteps, 30, "pictures were queued at \(queueingSteps) steps of \(steps.count)")
        XCTAssertGreaterThanOrEqual(queueingSteps, 8, "the queue was refilled again and again")
    }

    /// On the real clock, the video thread sleeps through a queue's drain: fewer wake-ups than
    /// one for every two pictures (one a picture before bursts), however many a burst needs.
    func testTheVideoThreadSleepsWhileTheQueueDrains() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("drains.mp4", seconds: 4)
        let session = PlaybackSession(source: file)
        defer { session.close() }
        session.setOutputSize(width: 160, height: 120)
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
        let present = { _ = session.takeFrame() }
        XCTAssertTrue(device.run(timeout: 5, afterChunk: present, until: { (session.clockTime ?? 0) > 0.5 }))
        let before = session.counters, start = session.clockTime ?? 0
        XCTAssertTrue(device.run(timeout: 5, afterChunk: present, until: { (session.clockTime ?? 0) > 3 }))
        let after = session.counters, played = (session.clockTime ?? 0) - start
        let pictures = after.queued - before.queued, wakeups = after.videoWakeups - before.videoWakeups
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
