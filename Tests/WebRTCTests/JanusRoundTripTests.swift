import FFmpeg
import TestSupport
import WebRTC
import XCTest

/// A publisher's pictures and sound go through a real Janus VideoRoom to a subscriber and come
/// out decoded: webrtcbin on both sides, the tests' own signalling.
final class JanusRoundTripTests: XCTestCase {
    func testPictureAndToneGoThroughJanus() throws {
        try requireTestNetwork()
        let janus = try JanusTestServer()
        let client = try JanusTestClient(api: janus.apiURL)
        defer { client.close() }
        let publishing = try client.attach()
        let joined = try client.request(publishing, ["request": "join", "ptype": "publisher", "room": JanusTestServer.room, "display": "Alice"])
        let feed = try XCTUnwrap(joined.data["id"] as? Int, "\(joined.data)")
        let publisher = try WebRTCPublisher(format: .init(width: 320, height: 240, frameRate: 30))
        let media = TestMediaSource(publisher: publisher)
        defer { media.stop(); publisher.stop() }
        let published = try client.request(publishing, ["request": "publish", "audio": true, "video": true],
                                           jsep: ["type": "offer", "sdp": try publisher.makeOffer(), "trickle": false])
        try publisher.accept(answer: try XCTUnwrap(published.jsep?["sdp"] as? String, "\(published.data)"))
        try eventually("the publisher connects", timeout: 10) { publisher.state == .connected }

        let subscribing = try client.attach()
        let attached = try client.request(subscribing, ["request": "join", "ptype": "subscriber", "room": JanusTestServer.room,
                                                        "streams": [["feed": feed]]])
        let streams = try XCTUnwrap(attached.data["streams"] as? [[String: Any]], "\(attached.data)")
        let video = try XCTUnwrap(streams.first { $0["type"] as? String == "video" }?["mid"] as? String)
        let audio = try XCTUnwrap(streams.first { $0["type"] as? String == "audio" }?["mid"] as? String)
        let received = ReceivedMedia()
        let subscriber = try WebRTCSubscriber(onPicture: received.picture, onSound: received.sound)
        defer { subscriber.stop() }
        let answer = try subscriber.answer(offer: try XCTUnwrap(attached.jsep?["sdp"] as? String))
        _ = try client.request(subscribing, ["request": "start"], jsep: ["type": "answer", "sdp": answer, "trickle": false])

        try eventually("moving pictures arrive (\(received.distinctPictures(video)), subscriber \(subscriber.state) \(String(describing: subscriber.error))", timeout: 10) { received.distinctPictures(video) >= 20 }
        XCTAssertEqual(received.size(video).map { [$0.0, $0.1] }, [320, 240])
        try eventually("the tone is heard (\(received.toneLevel(audio)))", timeout: 10) { received.toneLevel(audio) > 0.1 }
        media.setSilent(true)
        try eventually("silence follows (\(received.toneLevel(audio)))", timeout: 5) { received.toneLevel(audio) < 0.01 }
        XCTAssertNil(subscriber.error)
        XCTAssertNil(publisher.error)
    }
}
