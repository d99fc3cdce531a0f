import FFmpeg
import Foundation
import LocksAndThreads
import XCTest
@testable import Playback

/// The clock after its queues run dry while the source goes on (a stalled network): it stops,
/// the status says Buffering, and it restarts at the first picture and samples that come, so
/// nothing arriving after the stall is late. Driven on the session state with a ManualClock:
/// the "decoder" here pushes pictures and samples the way the demuxer and video threads do.
final class UnderrunTests: XCTestCase {
    /// The session state, its clock and a "decoder" feeding it, made afresh by each test (kept
    /// out of the test case's properties, which XCTest holds on to after the test).
    private struct Feed {
        static let period = 0.04
        let clock = ManualClock()
        var state: SharedState
        var nextPts = 0.0

        init(options: PlaybackOptions = PlaybackOptions()) {
            state = SharedState(options: options, lock: Lock())
            state.hasVideoStream = true
            state.hasAudioStream = true
            state.videoFrameDuration = Self.period
            state.phase = .buffering
        }

        /// Decodes `seconds` more of a 25 fps stream with sound, continuing where it left off;
        /// `stamp` gives each picture's stamp from its true time (a damaged file's stamps).
        mutating func decode(seconds: Double, stamp: (Double) -> Double = { $0 }) {
            let chunk = Int(Double(state.ring.rate) * Self.period)
            let silence = [Float](repeating: 0, count: chunk * state.ring.channels)
            for _ in 0..<Int((seconds / Self.period).rounded()) {
                state.nextSerial += 1
                let pts = state.videoPts(stamp(nextPts))
                let layout = VideoFrame.Layout(width: 16, height: 16)
                state.frames.append(VideoFrame(layout: layout, storage: [UInt8](repeating: 0, count: layout.byteCount),
                                               pts: pts, serial: state.nextSerial))
                state.lastDecodedVideoPts = pts
                silence.withUnsafeBufferPointer { state.ring.push($0, frames: chunk, pts: nextPts) }
                state.lastAudioEnd = nextPts + Self.period
                nextPts += Self.period
            }
            state.startIfReady(now: clock.now())
        }

        /// Moves the clock one frame period and presents what is due; returns the clock's time.
        @discardableResult
        mutating func step() -> Double? {
            clock.advance(by: Self.period)
            return state.advance(now: clock.now())
        }

        /// Mixes `frames` audio frames, moves the clock by as long and presents what is due.
        mutating func mix(_ frames: Int) -> Double? {
            var output = [Float](repeating: 0, count: frames * state.ring.channels)
            let (channels, rate) = (state.ring.channels, state.ring.rate)
            output.withUnsafeMutableBufferPointer { buffer in
                state.mix(into: buffer.baseAddress!, frameCount: frames, channels: channels, rate: rate, lead: 0,
                          now: clock.now())
            }
            clock.advance(by: Double(frames) / Double(rate))
            return state.advance(now: clock.now())
        }
    }

    func testAClockThatRunsPastEverythingDecodedStopsAndRestartsAtTheNextPicture() {
        var feed = Feed()
        feed.decode(seconds: 1)
        XCTAssertEqual(feed.state.status, .playing)
        for _ in 0..<25 { XCTAssertNotNil(feed.step(), "the clock runs while there is something to play") }
        XCTAssertEqual(feed.state.current?.pts ?? -1, 0.96, accuracy: 1e-9)
        XCTAssertEqual(feed.state.phase, .playing, "the last picture is still within its period")
        feed.step()
        XCTAssertEqual(feed.state.phase, .buffering, "past the newest picture and samples, the clock stops")
        XCTAssertEqual(feed.state.status, .buffering(percent: 0))
        XCTAssertEqual(feed.state.counters.underruns, 1)
        for _ in 0..<75 { XCTAssertNil(feed.step(), "and stays stopped through a 3 s stall") }

        feed.decode(seconds: 1)
        XCTAssertEqual(feed.state.status, .playing, "the source is back: playing again at once")
        XCTAssertEqual(feed.state.clock.time(now: feed.clock.now()) ?? -1, 1.0, accuracy: 1e-9,
                       "the clock restarts at the first picture that came, not 3 s ahead of it")
        feed.state.currentHandedOut = true
        let dropped = feed.state.counters.dropped
        var shown: [Double] = []
        for _ in 0..<25 {
            feed.state.advance(now: feed.clock.now())
            if let pts = feed.state.current?.pts, pts != shown.last { shown.append(pts) }
            feed.state.currentHandedOut = true
            feed.clock.advance(by: Feed.period)
        }
        XCTAssertEqual(shown.count, 25, "every picture after the stall is shown in turn: \(shown)")
        XCTAssertEqual(feed.state.counters.dropped, dropped, "none of them is late")
    }

    func testAnAudioClockThatUnderflowsRebasesOnTheNextSamples() {
        var feed = Feed()
        feed.decode(seconds: 0.48)
        let chunk = 480
        for _ in 0..<48 { XCTAssertNotNil(feed.mix(chunk)) }
        XCTAssertEqual(feed.state.ring.count, 0, "the mixer played every sample")
        for _ in 0..<40 { _ = feed.mix(chunk) }
        XCTAssertEqual(feed.state.phase, .buffering, "once the audio clock lapses past the samples, it stops")
        XCTAssertEqual(feed.state.counters.underruns, 1)

        feed.decode(seconds: 0.48)
        XCTAssertEqual(feed.state.phase, .playing)
        XCTAssertEqual(feed.state.clock.time(now: feed.clock.now()) ?? -1, 0.48, accuracy: 1e-9)
        XCTAssertNotNil(feed.mix(chunk))
        XCTAssertTrue(feed.state.clock.isAudioDriven(now: feed.clock.now()), "the new samples are played, not dropped as late")
        XCTAssertEqual(feed.state.ring.duration, 0.48 - 0.01, accuracy: 1e-6)
    }

    func testTheClockRunsOnWhileSoundIsLeftOrTheSourceHasEnded() {
        var feed = Feed()
        feed.decode(seconds: 1)
        feed.state.advance(now: feed.clock.now())
        feed.state.frames.removeAll()
        for _ in 0..<5 { feed.step() }
        XCTAssertEqual(feed.state.phase, .playing, "the picture is short of frames but sound is left: no underrun")
        for _ in 0..<10 { feed.step() }
        XCTAssertEqual(feed.state.status, .buffering(percent: nil), "a picture that stands still is reported")
        XCTAssertEqual(feed.state.phase, .playing)
        feed.state.audioDrained = true
        for _ in 0..<15 { XCTAssertNotNil(feed.step(), "at the source's end the queues drain; the clock runs on") }
        XCTAssertEqual(feed.state.counters.underruns, 0)
    }

    func testADamagedStampContinuesAtThePicturesOwnSpacingWhateverTheHeaderClaims() {
        var feed = Feed()
        feed.state.videoFrameDuration = 4 // the period a damaged header claims (0.25 fps)
        feed.decode(seconds: 1)
        feed.decode(seconds: Feed.period, stamp: { $0 - 3 })
        feed.decode(seconds: 0.48)
        feed.nextPts += 0.2
        feed.decode(seconds: Feed.period)
        XCTAssertEqual(feed.state.videoFrameDuration, Feed.period, accuracy: 1e-9,
                       "the period is the pictures' shortest spacing: neither the header's 4 s nor a gap of lost pictures")
        feed.decode(seconds: 0.24)
        XCTAssertEqual(feed.state.counters.repairedTimestamps, 1, "the stamp that jumped back alone is damage")
        XCTAssertEqual(feed.state.frames[25].pts, 1.0, accuracy: 1e-9,
                       "continued one picture after the previous, not the 4 s a damaged header claims")
        var shown: [Double] = []
        var changedAt = feed.clock.now()
        var longestUnreported = 0.0
        for _ in 0..<55 {
            feed.state.advance(now: feed.clock.now())
            if let pts = feed.state.current?.pts, pts != shown.last {
                shown.append(pts)
                changedAt = feed.clock.now()
            } else if feed.state.status == .playing {
                longestUnreported = max(longestUnreported, feed.clock.now() - changedAt)
            }
            feed.state.currentHandedOut = true
            feed.clock.advance(by: Feed.period)
        }
        XCTAssertEqual(shown.count, 45, "every picture is shown in turn: \(shown)")
        XCTAssertLessThanOrEqual(longestUnreported, 0.5, "the picture never stands still while the status says Playing")
    }

    /// A live source that stood still: what came last before its gap reaches the player only
    /// with the first packets after it (an interleaving sender, a decoder holding back a
    /// picture). The refilled queues hold both sides of the gap; the clock restarts after the
    /// gap, as far behind the newest sound as it was before, and plays on from there.
    func testALiveClockRestartsAfterAGapNotBeforeIt() {
        for live in [true, false] {
            var feed = Feed(options: PlaybackOptions(liveness: live ? .live : .recorded))
            let chunk = 480
            feed.decode(seconds: 0.2)
            var behindBefore = 0.0
            for _ in 0..<20 {
                feed.decode(seconds: 0.04)
                for _ in 0..<4 { XCTAssertNotNil(feed.mix(chunk)) }
                behindBefore = feed.state.behindNewest(now: feed.clock.now()) ?? -1
            }
            let decodedBeforeGap = feed.nextPts
            let playedOut = (0..<200).contains { _ in
                _ = feed.mix(chunk)
                return feed.state.phase == .buffering
            }
            XCTAssertTrue(playedOut, "live \(live): the queues ran dry")
            XCTAssertEqual(feed.state.counters.underruns, 1)
            feed.decode(seconds: 0.08) // late, from before the gap
            XCTAssertEqual(feed.state.phase, .buffering, "live \(live): not enough sound yet")
            feed.nextPts += 0.5
            feed.decode(seconds: 0.08)
            XCTAssertEqual(feed.state.phase, .playing, "live \(live)")
            let restart = feed.state.clock.time(now: feed.clock.now()) ?? -1
            if live {
                XCTAssertEqual(restart, decodedBeforeGap + 0.08 + 0.5, accuracy: 1e-6,
                               "the clock restarts after the gap: what came late from before it is skipped")
            } else {
                XCTAssertEqual(restart, decodedBeforeGap, accuracy: 1e-6, "a recording skips nothing")
            }
            var behindAfter = 0.0
            for _ in 0..<20 {
                feed.decode(seconds: 0.04)
                for _ in 0..<4 { XCTAssertNotNil(feed.mix(chunk), "live \(live): the clock runs") }
                behindAfter = feed.state.behindNewest(now: feed.clock.now()) ?? -1
            }
            if live {
                XCTAssertLessThanOrEqual(behindAfter, behindBefore,
                                         "as close to the live edge as before the gap (\(behindBefore) s), or closer")
            } else {
                XCTAssertGreaterThan(behindAfter, behindBefore + 0.4, "a recording plays through the gap")
            }
        }
    }

    func testAFullAudioBufferStartsTheClockWithoutAPicture() {
        var feed = Feed()
        let chunk = Int(Double(feed.state.ring.rate) * Feed.period)
        let silence = [Float](repeating: 0, count: chunk * feed.state.ring.channels)
        var pts = 0.0
        while feed.state.phase == .buffering && pts < 3 {
            silence.withUnsafeBufferPointer { feed.state.ring.push($0, frames: chunk, pts: pts) }
            pts += Feed.period
            feed.state.startIfReady(now: feed.clock.now())
        }
        XCTAssertEqual(feed.state.phase, .playing, "the demuxer cannot read on; the sound plays without the picture")
        XCTAssertEqual(pts, 1.72, accuracy: 1e-9, "once the buffer is full, not before")
    }
}
