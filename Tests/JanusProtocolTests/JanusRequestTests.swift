import JanusProtocol
import Rooms
import XCTest

/// The requests FloatApp sends, read back with the JSON parser: the fields Janus's API names.
final class JanusRequestTests: XCTestCase {
    private func object(_ text: String) throws -> [String: JSONValue.Content] {
        let value = try JSONParser.parse(Array(text.utf8))
        guard case .object(let members) = value.content else { throw XCTSkip("not an object: \(text)") }
        return Dictionary(members.map { ($0.key, $0.value.content) }, uniquingKeysWith: { $1 })
    }

    func testEnvelopeCarriesTransactionSessionAndHandle() throws {
        let text = JanusRequest.keepalive.encoded(transaction: "t1", session: 12_345_678_901_234_567)
        XCTAssertEqual(text, #"{"janus":"keepalive","transaction":"t1","session_id":12345678901234567}"#)
        let attach = JanusRequest.attach(plugin: "janus.plugin.videoroom").encoded(transaction: "a", session: 1, handle: 2)
        XCTAssertEqual(attach, #"{"janus":"attach","transaction":"a","session_id":1,"handle_id":2,"plugin":"janus.plugin.videoroom"}"#)
    }

    func testVideoRoomBodies() {
        let cases: [(VideoRoomRequest, String)] = [
            (.list, #"{"request":"list"}"#),
            (.listParticipants(room: 1234), #"{"request":"listparticipants","room":1234}"#),
            (.joinAsPublisher(room: 1234, display: "Ann \"A\"\n"),
             #"{"request":"join","ptype":"publisher","room":1234,"display":"Ann \"A\"\n"}"#),
            (.configure(audio: false, video: nil), #"{"request":"configure","audio":false}"#),
            (.joinAsSubscriber(room: 7, feeds: [1, 2], privateId: 9),
             #"{"request":"join","ptype":"subscriber","room":7,"streams":[{"feed":1},{"feed":2}],"private_id":9}"#),
            (.update(subscribe: [3], unsubscribe: []), #"{"request":"update","subscribe":[{"feed":3}]}"#),
            (.start, #"{"request":"start"}"#), (.leave, #"{"request":"leave"}"#), (.unpublish, #"{"request":"unpublish"}"#),
        ]
        for (request, body) in cases {
            XCTAssertEqual(JanusRequest.message(request, jsep: nil).encoded(transaction: "x"),
                           #"{"janus":"message","transaction":"x","body":"# + body + "}")
        }
    }

    func testJsepAndTrickle() throws {
        let offer = JanusRequest.message(.configure(audio: true, video: true), jsep: Jsep(type: .offer, sdp: "v=0\r\no=- 1\r\n"))
        let fields = try object(offer.encoded(transaction: "p"))
        guard case .object(let jsep)? = fields["jsep"] else { return XCTFail("no jsep") }
        XCTAssertEqual(jsep.map(\.key), ["type", "sdp"])
        XCTAssertEqual(jsep[1].value.content, .string("v=0\r\no=- 1\r\n"))
        XCTAssertEqual(JanusRequest.trickle(.completed).encoded(transaction: "c"),
                       #"{"janus":"trickle","transaction":"c","candidate":{"completed":true}}"#)
        XCTAssertEqual(JanusRequest.trickle(.candidate(sdpMid: "0", sdpMLineIndex: 0, candidate: "candidate:1 1 UDP 1 10.0.0.1 5000 typ host"))
            .encoded(transaction: "c"),
                       #"{"janus":"trickle","transaction":"c","candidate":{"sdpMid":"0","sdpMLineIndex":0,"candidate":"candidate:1 1 UDP 1 10.0.0.1 5000 typ host"}}"#)
    }

    func testControlCharactersAreEscaped() throws {
        let text = JanusRequest.message(.joinAsPublisher(room: 1, display: "a\u{01}b\u{1F}\\"), jsep: nil).encoded(transaction: "t")
        XCTAssertTrue(text.contains(#""a\u0001b\u001f\\""#), text)
        XCTAssertNoThrow(try JSONParser.parse(Array(text.utf8)))
    }
}
