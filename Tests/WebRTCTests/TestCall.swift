import FFmpeg
import Foundation
import TestSupport
import WebRTC
import XCTest

/// One publisher in a Janus VideoRoom, signalled by the tests' own client, sending
/// ``TestMediaSource``'s picture and tone; ``subscribe(to:)`` receives any publisher of the room.
final class TestCall {
    let client: JanusTestClient
    let publisher: WebRTCPublisher
    let media: TestMediaSource
    /// The publisher's feed id in the room.
    let feed: Int
    private var subscriptions: [TestSubscription] = []

    init(janus: JanusTestServer, display: String = "Alice") throws {
        client = try JanusTestClient(api: janus.apiURL)
        let publishing = try client.attach()
        let joined = try client.request(publishing, ["request": "join", "ptype": "publisher", "room": JanusTestServer.room, "display": display])
        guard let feed = joined.data["id"] as? Int else { throw HarnessError("join: \(joined.data)") }
        self.feed = feed
        let publisher = try WebRTCPublisher(format: .init(width: 320, height: 240, frameRate: 30))
        self.publisher = publisher
        media = TestMediaSource(publisher: publisher)
        let published = try client.request(publishing, ["request": "publish", "audio": true, "video": true],
                                           jsep: ["type": "offer", "sdp": try publisher.makeOffer(), "trickle": false])
        guard let answer = published.jsep?["sdp"] as? String else { throw HarnessError("publish: \(published.data)") }
        try publisher.accept(answer: answer)
        try eventually("the publisher connects (\(publisher.state))", timeout: 10) { publisher.state == .connected }
    }

    /// Subscribes to publisher `feed` of the room (this call's own by default).
    func subscribe(to feed: Int? = nil) throws -> TestSubscription {
        let subscribing = try client.attach()
        let attached = try client.request(subscribing, ["request": "join", "ptype": "subscriber", "room": JanusTestServer.room,
                                                        "streams": [["feed": feed ?? self.feed]]])
        let streams = attached.data["streams"] as? [[String: Any]] ?? []
        let mid = { (kind: String) in streams.first { $0["type"] as? String == kind }?["mid"] as? String }
        guard let videoMid = mid("video"), let audioMid = mid("audio"), let offer = attached.jsep?["sdp"] as? String else {
            throw HarnessError("subscribe: \(attached.data)")
        }
        let received = ReceivedMedia()
        let subscriber = try WebRTCSubscriber(onPicture: received.picture, onSound: received.sound)
        let answer = try subscriber.answer(offer: offer)
        _ = try client.request(subscribing, ["request": "start"], jsep: ["type": "answer", "sdp": answer, "trickle": false])
        let subscription = TestSubscription(subscriber: subscriber, received: received, videoMid: videoMid, audioMid: audioMid)
        subscriptions.append(subscription)
        return subscription
    }

    /// Hangs every peer up and ends the session.
    func stop() {
        media.stop()
        publisher.stop()
        for subscription in subscriptions { subscription.subscriber.stop() }
        client.close()
    }
}

/// A subscriber to one publisher and what it decoded.
struct TestSubscription {
    let subscriber: WebRTCSubscriber
    let received: ReceivedMedia
    /// The subscriber's media ids of the publisher's picture and sound.
    let videoMid: String, audioMid: String

    /// Waits for moving pictures and, with `tone`, the test tone (else any sound above -40 dBFS).
    func awaitMedia(tone: Bool = true) throws {
        try eventually("moving pictures arrive (\(received.distinctPictures(videoMid)), \(subscriber.state))", timeout: 10) {
            received.distinctPictures(videoMid) >= 20
        }
        if tone {
            try eventually("the tone is heard (\(received.toneLevel(audioMid)))", timeout: 10) { received.toneLevel(audioMid) > 0.1 }
        } else {
            try eventually("sound is heard (\(received.level(audioMid)))", timeout: 10) { received.level(audioMid) > 0.01 }
        }
    }
}
