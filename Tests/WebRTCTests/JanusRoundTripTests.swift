import FFmpeg
import Foundation
import TestSupport
import WebRTC
import XCTest

/// A publisher's pictures and sound go through a real Janus VideoRoom to a subscriber and come
/// out decoded: webrtcbin on both sides, the tests' own signalling.
final class JanusRoundTripTests: XCTestCase {
    /// Moving pictures at their size, the tone and its level, then silence and a level near 0.
    func testPictureAndToneGoThroughJanus() throws {
        try requireTestNetwork()
        let janus = try JanusTestServer()
        let call = try TestCall(janus: janus)
        defer { call.stop() }
        let own = try call.subscribe()
        try own.awaitMedia()
        XCTAssertEqual(own.received.size(own.videoMid).map { [$0.0, $0.1] }, [320, 240])
        try eventually("the tone's level is the speaker's (\(own.subscriber.soundLevel(own.audioMid) ?? -1))", timeout: 2) {
            (own.subscriber.soundLevel(own.audioMid) ?? 0) > 0.15
        }
        call.media.setSilent(true)
        try eventually("silence follows (\(own.received.toneLevel(own.audioMid)))", timeout: 5) {
            own.received.toneLevel(own.audioMid) < 0.01
        }
        try eventually("the level falls (\(own.subscriber.soundLevel(own.audioMid) ?? -1))", timeout: 2) {
            (own.subscriber.soundLevel(own.audioMid) ?? 1) < 0.01
        }
        XCTAssertNil(own.subscriber.error)
        XCTAssertNil(call.publisher.error)
    }

    /// Janus killed mid-call: the streams stop within 3 s, both peers hang up at once, and peers
    /// made anew once Janus is back carry the call again.
    func testStreamsStopWhenJanusDiesAndNewPeersCarryTheCallAfterItsRestart() throws {
        try requireTestNetwork()
        let janus = try JanusTestServer()
        let call = try TestCall(janus: janus)
        let own = try call.subscribe()
        try own.awaitMedia()
        janus.kill()
        try eventually("the pictures stop", timeout: 3) { (own.subscriber.secondsSinceMedia(own.videoMid) ?? 0) > 1 }
        let hangUp = Date()
        call.stop()
        XCTAssertLessThan(Date().timeIntervalSince(hangUp), 2, "hanging up a call whose server is gone took too long")
        try janus.start()
        let again = try TestCall(janus: janus)
        defer { again.stop() }
        try again.subscribe().awaitMedia()
    }

    /// An answer whose other side never answers ICE (Janus killed right after answering): the
    /// publisher fails in under 10 s, saying why (webrtcbin's ICE gave up, or the connect
    /// timeout passed, whichever comes first), and hangs up at once.
    func testConnectionThatNeverComesUpFailsWithinTenSeconds() throws {
        try requireTestNetwork()
        let janus = try JanusTestServer()
        let client = try JanusTestClient(api: janus.apiURL)
        defer { client.close() }
        let handle = try client.attach()
        _ = try client.request(handle, ["request": "join", "ptype": "publisher", "room": JanusTestServer.room, "display": "Bob"])
        let publisher = try WebRTCPublisher(format: .init(width: 320, height: 240, frameRate: 30))
        let published = try client.request(handle, ["request": "publish", "audio": true, "video": true],
                                           jsep: ["type": "offer", "sdp": try publisher.makeOffer(), "trickle": false])
        janus.kill()
        let start = Date()
        try publisher.accept(answer: try XCTUnwrap(published.jsep?["sdp"] as? String))
        try eventually("the publisher gives up (\(publisher.state))", timeout: 10) { publisher.state == .failed }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssert([.connectTimedOut(seconds: 8), .connectionFailed].contains(publisher.error), "\(String(describing: publisher.error))")
        let hangUp = Date()
        publisher.stop()
        XCTAssertLessThan(Date().timeIntervalSince(hangUp), 2)
        XCTAssertEqual(publisher.state, .closed)
    }
}
