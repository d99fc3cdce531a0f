import Foundation
import PiPLayout
@testable import Playback
import XCTest

/// The clock after its queues run dry while the source goes on (a stalled network): it stops,
/// the status says Buffering, and it restarts at the first picture and samples that come, so
/// nothing arriving after the stall is late. Driven on the session state with a ManualClock:
/// the "decoder" here pushes pictures and samples the way the demuxer and video threads do.
final class UnderrunTests: XCTestCase {
    private static let period = 0.04
    private let clock = ManualClock()
    private var state = SharedState(options: PlaybackOptions(), lock: SessionLock())
    private var nextPts = 0.0

    override func setUp() {
        state.hasVideoStream = true
        state.hasAudioStream = true
        state.videoFrameDuration = Self.period
        state.phase = .buffering
    }

    /// Decodes `seconds` more of a 25 fps stream with sound, continuing where it left off.
    private func decode(seconds: Double) {
        let chunk = Int(Double(state.ring.rate) * Self.period)
        let silence = [Float](repeating: 0, count: chunk * state.ring.channels)
        for _ in 0..<Int((seconds / Self.period).rounded()) {
            state.nextSerial += 1
            let layout = VideoFrame.Layout(width: 16, height: 16)
            state.frames.append(VideoFrame(layout: layout, storage: [UInt8](repeating: 0, count: layout.byteCount),
                                           pts: nextPts, serial: state.nextSerial))
            state.lastDecodedVideoPts = nextPts
            silence.withUnsafeBufferPointer { state.ring.push($0, frames: chunk, pts: nextPts) }
            state.lastAudioEnd = nextPts + Self.period
            nextPts += Self.period
        }
        state.startIfReady(now: clock.now())
    }

    /// Moves the clock one frame period and presents what is due; returns the clock's time.
    @discardableResult
    private func step() -> Double? {
        clock.advance(by: Self.period)
        return state.advance(now: clock.now())
    }

    func testAClockThatRunsPastEverythingDecodedStopsAndRestartsAtTheNextPicture() {
        decode(seconds: 1)
        XCTAssertEqual(state.status, .playing)
        for _ in 0..<25 { XCTAssertNotNil(step(), "the clock runs while there is something to play") }
        XCTAssertEqual(state.current?.pts ?? -1, 0.96, accuracy: 1e-9)
        XCTAssertEqual(state.phase, .playing, "the last picture is still within its period")
        step()
        XCTAssertEqual(state.phase, .buffering, "past the newest picture and samples, the clock stops")
        XCTAssertEqual(state.status, .buffering(percent: 0))
        XCTAssertEqual(state.counters.underruns, 1)
        for _ in 0..<75 { XCTAssertNil(step(), "and stays stopped through a 3 s stall") }

        decode(seconds: 1)
        XCTAssertEqual(state.status, .playing, "the source is back: playing again at once")
        XCTAssertEqual(state.clock.time(now: clock.now()) ?? -1, 1.0, accuracy: 1e-9,
                       "the clock restarts at the first picture that came, not 3 s ahead of it")
        state.currentHandedOut = true
        let dropped = state.counters.dropped
        var shown: [Double] = []
        for _ in 0..<25 {
            state.advance(now: clock.now())
            if let pts = state.current?.pts, pts != shown.last { shown.append(pts) }
            state.currentHandedOut = true
            clock.advance(by: Self.period)
        }
        XCTAssertEqual(shown.count, 25, "every picture after the stall is shown in turn: \(shown)")
        XCTAssertEqual(state.counters.dropped, dropped, "none of them is late")
    }

    func testAnAudioClockThatUnderflowsRebasesOnTheNextSamples() {
        decode(seconds: 0.48)
        let chunk = 480
        var output = [Float](repeating: 0, count: chunk * state.ring.channels)
        let mix = {
            output.withUnsafeMutableBufferPointer { buffer in
                self.state.mix(into: buffer.baseAddress!, frameCount: chunk, channels: self.state.ring.channels,
                               rate: self.state.ring.rate, now: self.clock.now())
            }
            self.clock.advance(by: Double(chunk) / Double(self.state.ring.rate))
            return self.state.advance(now: self.clock.now())
        }
        for _ in 0..<48 { XCTAssertNotNil(mix()) }
        XCTAssertEqual(state.ring.count, 0, "the mixer played every sample")
        for _ in 0..<40 { _ = mix() }
        XCTAssertEqual(state.phase, .buffering, "once the audio clock lapses past the samples, it stops")
        XCTAssertEqual(state.counters.underruns, 1)

        decode(seconds: 0.48)
        XCTAssertEqual(state.phase, .playing)
        XCTAssertEqual(state.clock.time(now: clock.now()) ?? -1, 0.48, accuracy: 1e-9)
        XCTAssertNotNil(mix())
        XCTAssertTrue(state.clock.isAudioDriven(now: clock.now()), "the new samples are played, not dropped as late")
        XCTAssertEqual(state.ring.duration, 0.48 - 0.01, accuracy: 1e-6)
    }

    func testTheClockRunsOnWhileSoundIsLeftOrTheSourceHasEnded() {
        decode(seconds: 1)
        state.advance(now: clock.now())
        state.frames.removeAll()
        for _ in 0..<5 { step() }
        XCTAssertEqual(state.phase, .playing, "the picture is short of frames but sound is left: no underrun")
        for _ in 0..<10 { step() }
        XCTAssertEqual(state.status, .buffering(percent: nil), "a picture that stands still is reported")
        XCTAssertEqual(state.phase, .playing)
        state.audioDrained = true
        for _ in 0..<15 { XCTAssertNotNil(step(), "at the source's end the queues drain; the clock runs on") }
        XCTAssertEqual(state.counters.underruns, 0)
    }
}
