import FFmpeg
import Foundation
import TestSupport
import WebRTC
import XCTest

/// One publisher and one subscriber to it in a Janus VideoRoom, signalled by the tests' own
/// client: the publisher sends ``TestMediaSource``'s picture and tone, the subscriber's decoded
/// pictures and sound go to ``received``.
final class TestCall {
    let client: JanusTestClient
    let publisher: WebRTCPublisher
    let media: TestMediaSource
    let subscriber: WebRTCSubscriber
    let received = ReceivedMedia()
    /// The subscriber's media ids of the publisher's picture and sound.
    let videoMid: String, audioMid: String

    init(janus: JanusTestServer, display: String = "Alice") throws {
        client = try JanusTestClient(api: janus.apiURL)
        let publishing = try client.attach()
        let joined = try client.request(publishing, ["request": "join", "ptype": "publisher", "room": JanusTestServer.room, "display": display])
        guard let feed = joined.data["id"] as? Int else { throw HarnessError("join: \(joined.data)") }
        let publisher = try WebRTCPublisher(format: .init(width: 320, height: 240, frameRate: 30))
        self.publisher = publisher
        media = TestMediaSource(publisher: publisher)
        let published = try client.request(publishing, ["request": "publish", "audio": true, "video": true],
                                           jsep: ["type": "offer", "sdp": try publisher.makeOffer(), "trickle": false])
        guard let janusAnswer = published.jsep?["sdp"] as? String else { throw HarnessError("publish: \(published.data)") }
        try publisher.accept(answer: janusAnswer)
        try eventually("the publisher connects (\(publisher.state))", timeout: 10) { publisher.state == .connected }

        let subscribing = try client.attach()
        let attached = try client.request(subscribing, ["request": "join", "ptype": "subscriber", "room": JanusTestServer.room,
                                                        "streams": [["feed": feed]]])
        let streams = attached.data["streams"] as? [[String: Any]] ?? []
        let mid = { (kind: String) in streams.first { $0["type"] as? String == kind }?["mid"] as? String }
        guard let videoMid = mid("video"), let audioMid = mid("audio"), let offer = attached.jsep?["sdp"] as? String else {
            throw HarnessError("subscribe: \(attached.data)")
        }
        (self.videoMid, self.audioMid) = (videoMid, audioMid)
        let received = self.received
        subscriber = try WebRTCSubscriber(onPicture: received.picture, onSound: received.sound)
        let answer = try subscriber.answer(offer: offer)
        _ = try client.request(subscribing, ["request": "start"], jsep: ["type": "answer", "sdp": answer, "trickle": false])
    }

    /// Waits for moving pictures and the tone at the subscriber.
    func awaitMedia() throws {
        try eventually("moving pictures arrive (\(received.distinctPictures(videoMid)), \(subscriber.state))", timeout: 10) {
            received.distinctPictures(videoMid) >= 20
        }
        try eventually("the tone is heard (\(received.toneLevel(audioMid)))", timeout: 10) { received.toneLevel(audioMid) > 0.1 }
    }

    /// Hangs both peers up and ends the session.
    func stop() {
        media.stop()
        publisher.stop()
        subscriber.stop()
        client.close()
    }
}
