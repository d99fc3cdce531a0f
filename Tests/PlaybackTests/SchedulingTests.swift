import Foundation
import Playback
import TestSupport
import XCTest

/// How the session's threads sleep and wake, and what it tells a render loop about when to wake.
final class SchedulingTests: XCTestCase {
    /// Real-time smoke test on the monotonic clock; ``ClockTests`` checks the delay to the
    /// millisecond on a manual clock.
    func testNextFrameDelayLeadsToTheNextFrame() throws {
        let queued = CallCount()
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=10",
                                      observers: PlaybackObservers(onFrameQueued: queued.add))
        defer { session.close() }
        XCTAssertNil(session.nextFrameDelay, "nothing is queued while connecting")
        try eventually("session.status == .playing && session.takeFrame() != nil", timeout: 5, poll: 0.005) {
            session.status == .playing && session.takeFrame() != nil
        }
        XCTAssertGreaterThan(queued.value, 0, "the clock started with frames queued")
        for _ in 0..<3 {
            try eventually("a 10 fps source has its next frame queued", timeout: 5, poll: 0.005) {
                session.nextFrameDelay != nil
            }
            guard let shown = session.takeFrame()?.serial, let delay = session.nextFrameDelay else { return XCTFail() }
            XCTAssertLessThanOrEqual(delay, 0.1 + 0.01, "at most one frame period away")
            Thread.sleep(forTimeInterval: delay)
            try eventually("a new frame once the delay passed", timeout: 1, poll: 0.005) {
                (session.takeFrame()?.serial ?? 0) > shown
            }
        }
    }

    func testAudioOnlyPlayerHasNoFrameDelay() throws {
        let session = SourcePlayer(source: "lavfi:sine=f=440")
        defer { session.close() }
        try eventually("session.status == .playing", timeout: 5, poll: 0.005) { session.status == .playing }
        XCTAssertNil(session.nextFrameDelay)
    }

    func testWorkersWakeOnlyForWorkWhilePlayingSteadily() throws {
        let run = try SteadyPlayback(TestMedia(), name: "steady.mp4")
        let (before, after, played) = (run.before, run.after, run.played)

        XCTAssertGreaterThan(after.presented - before.presented, Int(played * 30) - 5, "it played steadily")
        // 30 fps video and AAC at 44.1 kHz (1024 samples a packet). Waking once per frame and
        // once per audio packet would be 73 a second; the bound allows two per frame plus one per
        // audio packet, well below one thread polling every 10 ms.
        let budget = (2 * 30 + 44100.0 / 1024) * played
        let wakeups = (after.demuxerWakeups - before.demuxerWakeups) + (after.videoWakeups - before.videoWakeups)
        XCTAssertLessThan(Double(wakeups), budget, "\(wakeups) wake-ups in \(played) s: demuxer "
                          + "\(after.demuxerWakeups - before.demuxerWakeups), video \(after.videoWakeups - before.videoWakeups)")
        XCTAssertGreaterThan(after.videoWakeups, before.videoWakeups, "the counter counts")
    }

    func testAPlayerNobodyWatchesStillPlaysToItsEnd() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("unwatched.mp4", seconds: 1)
        let session = SourcePlayer(source: file)
        defer { session.close() }
        let started = Date()
        try eventually("session.status.isFinal", timeout: 5, poll: 0.005) { session.status.isFinal }
        XCTAssertEqual(session.status, .ended)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "the clock ran at its own pace")
        let counters = session.counters
        XCTAssertEqual(counters.decoded, 30)
        XCTAssertEqual(counters.presented, 0)
        XCTAssertLessThan(counters.demuxerWakeups + counters.videoWakeups, 200)
    }

    /// Real-time smoke test; ``ClockTests`` shows a close needs no deadline to pass.
    func testCloseWakesSleepingWorkersPromptly() throws {
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=25[out0];sine=f=300[out1]")
        try eventually("session.status == .playing && session.bufferedAudio >= 0.3", timeout: 5, poll: 0.005) {
            session.status == .playing && session.bufferedAudio >= 0.3
        }
        let started = Date()
        session.close()
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.2)
        XCTAssertFalse(session.isWorking)
    }
}

/// Counts calls made from another thread.
final class CallCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
