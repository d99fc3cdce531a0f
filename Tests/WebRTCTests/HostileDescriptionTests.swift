import Foundation
import TestSupport
import WebRTC
import XCTest

/// Descriptions no SFU should send, as a broken or hostile server might: each is refused with an
/// error, and the peer hangs up cleanly afterwards.
final class HostileDescriptionTests: XCTestCase {
    /// Seeded mutations of a real offer's text, and texts that are no SDP at all.
    func testMalformedOffersAreRefusedNotCrashedOn() throws {
        var random = SeededRandom(seed: 0x5d9)
        print("HostileDescriptionTests seed 0x5d9")
        let real = Self.offer
        var offers = ["", "v=0", "not sdp at all\r\n", String(repeating: "m=video 9 UDP/TLS/RTP/SAVPF 96\r\n", count: 500),
                      real.replacingOccurrences(of: "a=fingerprint", with: "a=x"), real.replacingOccurrences(of: "H264", with: "NOPE")]
        for _ in 0..<30 {
            var bytes = Array(real.utf8)
            for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            offers.append(String(decoding: bytes, as: UTF8.self))
        }
        for offer in offers {
            let subscriber = try WebRTCSubscriber(onPicture: { _, _ in }, onSound: { _, _ in })
            do {
                let answer = try subscriber.answer(offer: offer, timeout: 2)
                XCTAssertTrue(answer.hasPrefix("v=0"), "an answer that is no SDP: \(answer)")
            } catch {
                XCTAssertNotEqual(error, .gatheringTimedOut, "\(offer.prefix(80))")
            }
            subscriber.stop()
            XCTAssertEqual(subscriber.state, .closed)
        }
    }

    /// A publisher given an answer that is no SDP says so and keeps running until hung up.
    func testMalformedAnswerIsRefused() throws {
        let publisher = try WebRTCPublisher(format: .init(width: 320, height: 240, frameRate: 30))
        defer { publisher.stop() }
        _ = try publisher.makeOffer(timeout: 5)
        XCTAssertThrowsError(try publisher.accept(answer: "v=0\r\nm=garbage\r\n"))
        XCTAssertNil(publisher.error)
    }

    /// A real offer as Janus sends it for one publisher (picture and sound), for the mutations.
    static let offer = [
        "v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=VideoRoom 1234", "t=0 0", "a=group:BUNDLE 0 1", "a=ice-options:trickle",
        "a=fingerprint:sha-256 9A:6B:69:37:D1:D0:5F:1F:D5:8F:A5:D6:79:9E:1F:6E:46:85:FF:88:EC:C8:43:AA:30:7B:E0:EA:5B:19:DD:21",
        "a=msid-semantic: WMS *", "m=video 9 UDP/TLS/RTP/SAVPF 107", "c=IN IP4 127.0.0.1", "a=sendonly", "a=mid:0", "a=rtcp-mux",
        "a=ice-ufrag:fdOm", "a=ice-pwd:Q0VJLKP1HjxMTZMlOWC1xk", "a=setup:actpass", "a=rtpmap:107 H264/90000",
        "a=rtcp-fb:107 nack", "a=rtcp-fb:107 nack pli", "a=ssrc:4180985703 cname:janus",
        "a=candidate:1 1 udp 2015363327 10.213.0.99 39647 typ host", "a=end-of-candidates",
        "m=audio 9 UDP/TLS/RTP/SAVPF 111", "c=IN IP4 127.0.0.1", "a=sendonly", "a=mid:1", "a=rtcp-mux",
        "a=ice-ufrag:fdOm", "a=ice-pwd:Q0VJLKP1HjxMTZMlOWC1xk", "a=setup:actpass", "a=rtpmap:111 opus/48000/2",
        "a=ssrc:2312981634 cname:janus", "a=candidate:1 1 udp 2015363327 10.213.0.99 39647 typ host", "a=end-of-candidates", "",
    ].joined(separator: "\r\n")
}
