import Foundation
import Playback
import TestSupport
import XCTest

/// Timing on a clock the test moves by hand: backoff, its cap, the close deadline and frame
/// scheduling are checked to the millisecond without sleeping, on any machine load.
final class ClockTests: XCTestCase {
    func testBackoffDoublesFromHalfASecondAndStaysAtEight() throws {
        let clock = ManualClock()
        let statuses = StatusLog()
        // Port 9 on loopback refuses at once: every try fails without waiting for the network.
        let session = SourcePlayer(source: "http://127.0.0.1:9/none.ts", options: .live,
                                      observers: PlaybackObservers(onStatusChange: statuses.append), clock: clock)
        defer { session.close() }
        for (index, delay) in [0.5, 1, 2, 4, 8, 8, 8].enumerated() {
            let attempt = index + 1
            let deadline = clock.now() + delay
            try eventually("try \(attempt) sleeps \(delay) s", timeout: 5, poll: 0.005) {
                clock.hasFreshWaiter(until: deadline)
            }
            XCTAssertEqual(session.status, .reconnecting(attempt: attempt, retryIn: delay))
            clock.advance(by: delay - 0.001)
            try eventually("woken early, it sleeps on", timeout: 5, poll: 0.005) {
                clock.hasFreshWaiter(until: deadline)
            }
            XCTAssertEqual(session.status, .reconnecting(attempt: attempt, retryIn: delay), "no try before the delay")
            clock.advance(by: 0.001)
        }
        try eventually("session.openCount == 0 && session.status == .reconnecting(attempt: 8, retryIn: 8)", timeout: 5, poll: 0.005) {
            session.openCount == 0 && session.status == .reconnecting(attempt: 8, retryIn: 8)
        }
        let reconnecting = statuses.all.filter { if case .reconnecting = $0 { true } else { false } }
        XCTAssertEqual(Array(reconnecting.prefix(4)), [
            .reconnecting(attempt: 1, retryIn: 0.5), .reconnecting(attempt: 2, retryIn: 1),
            .reconnecting(attempt: 3, retryIn: 2), .reconnecting(attempt: 4, retryIn: 4),
        ], "observers given at creation see the very first status")
    }

    func testRetryNowEndsTheBackoffWaitWithoutTheClockMoving() throws {
        let clock = ManualClock()
        let session = SourcePlayer(source: "http://127.0.0.1:9/none.ts", options: .live,
                                      observers: PlaybackObservers(), clock: clock)
        defer { session.close() }
        try eventually("clock.hasFreshWaiter(until: clock.now() + 0.5)", timeout: 5, poll: 0.005) {
            clock.hasFreshWaiter(until: clock.now() + 0.5)
        }
        clock.advance(by: 0.5)
        try eventually("try 2 sleeps 1 s", timeout: 5, poll: 0.005) { clock.hasFreshWaiter(until: clock.now() + 1) }
        session.retryNow()
        try eventually("try 3 starts at once, the clock never moved", timeout: 5, poll: 0.005) {
            session.status == .reconnecting(attempt: 3, retryIn: 2)
        }
        try eventually("clock.hasFreshWaiter(until: clock.now() + 2)", timeout: 5, poll: 0.005) {
            clock.hasFreshWaiter(until: clock.now() + 2)
        }
        XCTAssertEqual(session.status, .reconnecting(attempt: 3, retryIn: 2), "a retry cuts one wait short, not the next")
    }

    func testCloseGivesUpOnAStuckWorkerAtHalfASecond() throws {
        let clock = ManualClock()
        let gate = Gate()
        // The open observer runs on the worker thread: holding it there is a worker stuck in a
        // call that cannot be interrupted.
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=10", options: PlaybackOptions(),
                                      observers: PlaybackObservers(onOpen: { _ in gate.wait() }), clock: clock)
        try eventually("gate.isWaiting", timeout: 5, poll: 0.005) { gate.isWaiting }
        let closed = Gate()
        let start = clock.now()
        Thread { session.close(); closed.open() }.start()
        try eventually("close waits until 0.5 s", timeout: 5, poll: 0.005) { clock.hasFreshWaiter(until: start + 0.5) }
        clock.advance(by: 0.499)
        try eventually("and goes on waiting before it", timeout: 5, poll: 0.005) {
            clock.hasFreshWaiter(until: start + 0.5)
        }
        XCTAssertFalse(closed.isOpen)
        clock.advance(by: 0.001)
        try eventually("close returns at its deadline", timeout: 5, poll: 0.005) { closed.isOpen }
        XCTAssertTrue(session.isWorking, "the stuck worker finishes on its own")
        gate.open()
        try eventually("!session.isWorking", timeout: 5, poll: 0.005) { !session.isWorking }
    }

    func testCloseWakesSleepingWorkersWithoutTheClockMoving() throws {
        let clock = ManualClock()
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=25[out0];sine=f=300[out1]",
                                      options: PlaybackOptions(), observers: PlaybackObservers(), clock: clock)
        try eventually("session.status == .playing && session.bufferedAudio >= 0.3", timeout: 5, poll: 0.005) {
            session.status == .playing && session.bufferedAudio >= 0.3
        }
        let closed = Gate()
        Thread { session.close(); closed.open() }.start()
        try eventually("a close signals the workers; no deadline has to pass", timeout: 5, poll: 0.005) {
            closed.isOpen
        }
        XCTAssertFalse(session.isWorking)
    }

    func testNextFrameDelaySaysExactlyWhenTheNextFrameIsDue() throws {
        let clock = ManualClock()
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=10", options: PlaybackOptions(),
                                      observers: PlaybackObservers(), clock: clock)
        defer { session.close() }
        XCTAssertNil(session.nextFrameDelay, "nothing is queued while connecting")
        try eventually("session.status == .playing && session.takeFrame() != nil", timeout: 5, poll: 0.005) {
            session.status == .playing && session.takeFrame() != nil
        }
        for _ in 0..<8 {
            try eventually("the decoder queues the next frame", timeout: 5, poll: 0.005) {
                session.nextFrameDelay != nil
            }
            guard let shown = session.takeFrame()?.serial, let delay = session.nextFrameDelay else {
                return XCTFail("a 10 fps source has its next frame queued")
            }
            XCTAssertLessThanOrEqual(delay, 0.1, "at most one frame period away")
            clock.advance(by: max(0, delay - 0.001))
            XCTAssertEqual(session.takeFrame()?.serial, shown, "not due a millisecond before")
            clock.advance(by: 0.001 + 1e-9)  // past rounding in the sums of seconds
            XCTAssertEqual(session.takeFrame()?.serial, shown + 1, "due once the delay has passed")
        }
        XCTAssertEqual(session.counters.dropped, 0, "on this clock no frame is ever late")
    }

    func testPicturesAppearWithinOneAudioChunkOfTheirTime() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("sync.mp4", seconds: 2)
        var player = ManualPlayer(source: file, chunkFrames: 256)
        let session = player.session
        defer { session.close() }
        let chunk = player.chunk
        var shown: [Double] = []
        var worstLag = 0.0
        var steps = 0
        while !session.status.isFinal && steps < 2000 {
            steps += 1
            player.step(pictures: 60)
            guard let frame = session.takeFrame(), frame.pts != shown.last, let time = session.clockTime else { continue }
            shown.append(frame.pts)
            worstLag = max(worstLag, time - frame.pts)
            XCTAssertGreaterThanOrEqual(time - frame.pts, -0.002, "a picture \(frame.pts) shown before its time \(time)")
        }
        XCTAssertEqual(session.status, .ended)
        XCTAssertEqual(shown.count, 60, "every picture shown, none dropped: \(session.counters)")
        XCTAssertLessThanOrEqual(worstLag, chunk + 0.002, "a picture appeared \(worstLag) s after its time")
    }

    /// A device that queues more sound plays each sample later: the clock follows the sound
    /// heard, so from the moment the mixer is told of the lead the clock is that much behind the
    /// sound mixed, steps on evenly after it, and no picture is dropped for it.
    func testTheClockFollowsTheSoundHeardNotTheSoundMixed() throws {
        let media = try TestMedia()
        let file = try media.h264AAC("sync.mp4", seconds: 2)
        var player = ManualPlayer(source: file, chunkFrames: 512)
        let session = player.session
        defer { session.close() }
        var times: [Double] = []
        for step in 0..<30 {
            if step == 20 { player.mixer.setOutputLead(0.05) }
            player.step(pictures: 60)
            _ = session.takeFrame()
            times.append(session.clockTime ?? -1)
        }
        for (index, (before, after)) in zip(times, times.dropFirst()).enumerated() where index >= 10 {
            let expected = index == 19 ? player.chunk - 0.05 : player.chunk
            XCTAssertEqual(after - before, expected, accuracy: 0.001, "the clock's step to \(after) after chunk \(index + 1)")
        }
        XCTAssertEqual(session.counters.dropped, 0, "no picture dropped: \(session.counters)")
    }

    func testPeekingNeverCountsAFrameAsPresented() throws {
        let clock = ManualClock()
        let session = SourcePlayer(source: "lavfi:testsrc2=size=160x120:rate=10", options: PlaybackOptions(),
                                      observers: PlaybackObservers(), clock: clock)
        defer { session.close() }
        try eventually("session.status == .playing && session.peekFrame() != nil", timeout: 5, poll: 0.005) {
            session.status == .playing && session.peekFrame() != nil
        }
        for _ in 0..<5 {
            try eventually("session.nextFrameDelay != nil", timeout: 5, poll: 0.005) { session.nextFrameDelay != nil }
            clock.advance(by: 0.1)
            XCTAssertNotNil(session.peekFrame())
        }
        XCTAssertEqual(session.counters.presented, 0, "a picture nobody shows is not presented")
        XCTAssertNil(session.lastPresentedPts)
        let peeked = session.peekFrame()
        XCTAssertTrue(session.takeFrame() === peeked, "take hands out what peek saw")
        XCTAssertEqual(session.counters.presented, 1)
    }
}

/// A one-way gate between threads: `wait()` blocks until `open()`.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false
    private var waiting = false

    func wait() {
        condition.lock()
        waiting = true
        while !opened { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        opened = true
        condition.broadcast()
        condition.unlock()
    }

    var isOpen: Bool { condition.withLock { opened } }
    var isWaiting: Bool { condition.withLock { waiting } }
}
