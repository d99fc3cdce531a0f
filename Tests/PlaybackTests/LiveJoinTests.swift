import Foundation
import LiveServerTestSupport
import Playback
import TestSupport
import XCTest

/// D4 and the float's quick return against a real nginx-rtmp: a player that joins a live stream
/// shows its first picture as soon as the server sends the next keyframe.
final class LiveJoinTests: XCTestCase {
    /// The publisher's keyframe interval: `FFmpegPublisher` encodes with a 2 s GOP.
    private static let keyframeInterval = 2.0

    /// nginx-rtmp starts a new player's video at the publisher's next keyframe, up to a GOP after
    /// its sound. Three joins 0.7 s apart land at different places in the GOP, so one of them
    /// waits well over a second for its keyframe; each must show a picture within a GOP and a
    /// little: the open does not go on probing the frame rate after the keyframe, and the sound
    /// received while waiting for it does not hold the picture back.
    func testAJoinMidGOPShowsThePictureAtTheNextKeyframe() throws {
        let nginx = try NginxServer()
        try nginx.start()
        let publisher = try FFmpegPublisher(url: nginx.rtmpURL("join"))
        defer { publisher.stop() }
        let options = PlaybackOptions(liveness: .live)
        let warmUp = SourcePlayer(source: nginx.rtmpURL("join"), options: options)
        try eventually("the stream plays at all: \(warmUp.status)", timeout: 15, poll: 0.005) {
            warmUp.peekFrame() != nil
        }
        warmUp.close()
        for join in 1...3 {
            let started = Date()
            let session = SourcePlayer(source: nginx.rtmpURL("join"), options: options)
            let pictured = (try? eventually("a picture", timeout: Self.keyframeInterval + 3, poll: 0.005) {
                session.peekFrame() != nil
            }) != nil
            let waited = Date().timeIntervalSince(started)
            print("join \(join): first picture after \(String(format: "%.2f", waited)) s")
            XCTAssertTrue(pictured, "join \(join): a picture comes (\(session.status))")
            XCTAssertLessThan(waited, Self.keyframeInterval + 0.6, "join \(join): the picture comes at the next keyframe")
            XCTAssertEqual(session.status, .playing, "join \(join)")
            session.close()
            // Not a wait for an event: it moves the next join to another place in the GOP.
            Thread.sleep(forTimeInterval: 0.7)
        }
    }
}
