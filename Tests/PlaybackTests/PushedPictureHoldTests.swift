import FFmpeg
@testable import Playback
import XCTest

/// A pushed player (a WebRTC call's participant) holds each picture by the sound output's delay
/// (``PlaybackOptions/pushedPictureHold``): the sound that arrived with it reaches the speaker
/// that much after the mixer takes it, so the picture is shown then, not as soon as it is due
/// by the mixer's clock.
final class PushedPictureHoldTests: XCTestCase {
    private func picture() -> VideoFrame {
        let layout = VideoFrame.Layout(width: 16, height: 16)
        return VideoFrame(layout: layout, storage: [UInt8](repeating: 0, count: layout.byteCount), pts: 0, serial: 0)
    }

    /// Seconds after a picture arrives that a player holding pictures by `hold` shows it, to
    /// 10 ms: 0.2 s of sound arrives first and starts the clock, then the picture.
    private func shownAfter(hold: Double) -> Double? {
        var options = PlaybackOptions.live
        options.pushedPictureHold = hold
        let clock = ManualClock(start: 100)
        let player = SourcePlayer(pushedWith: options, observers: PlaybackObservers(), clock: clock)
        defer { player.close() }
        player.push(sound: [Float](repeating: 0, count: 9_600 * 2))
        player.push(picture: picture())
        for step in 0...50 {
            if player.takeFrame() != nil { return Double(step) / 100 }
            clock.advance(by: 0.01)
        }
        return nil
    }

    func testPicturesWaitForTheSoundOutputsDelay() throws {
        let unheld = try XCTUnwrap(shownAfter(hold: 0), "a picture is shown")
        let held = try XCTUnwrap(shownAfter(hold: 0.06), "a held picture is shown")
        XCTAssertEqual(held - unheld, 0.06, accuracy: 0.011, "shown \(unheld) s after arriving unheld, \(held) s held")
    }
}
