import JanusProtocol
import Rooms
import XCTest

/// What Janus 1.1 sends (texts as its HTTP transport writes them) decoded into typed messages.
final class JanusDecoderTests: XCTestCase {
    private func decode(_ text: String) throws -> JanusMessage {
        try JanusDecoder.message(Array(text.utf8))
    }

    func testSessionCreatedAckAndError() throws {
        let created = try decode(#"{"janus": "success", "transaction": "a", "data": {"id": 2081090732884427}}"#)
        XCTAssertEqual(created, JanusMessage(transaction: "a", session: nil, sender: nil, kind: .success(id: 2_081_090_732_884_427, plugin: nil)))
        XCTAssertEqual(try decode(#"{"janus":"ack","session_id":1,"transaction":"d"}"#).kind, .ack)
        let error = try decode(#"{"janus":"error","transaction":"e","error":{"code":458,"reason":"No such session 5"}}"#)
        XCTAssertEqual(error.kind, .error(code: 458, reason: "No such session 5"))
    }

    func testJoinedWithPublishersAndItsOffer() throws {
        let text = #"""
        {"janus": "event", "session_id": 7, "transaction": "d", "sender": 53, "plugindata": {"plugin": "janus.plugin.videoroom",
         "data": {"videoroom": "joined", "room": 1234, "description": "Janus Call", "id": 1073987444074866, "private_id": 3677487883,
         "publishers": [{"id": 99, "display": "Bea", "talking": true, "streams": [{"type": "audio", "mindex": 0, "mid": "0", "codec": "opus"},
         {"type": "video", "mindex": 1, "mid": "1", "codec": "vp8", "disabled": true}]}], "attendees": []}}}
        """#
        let message = try decode(text)
        XCTAssertEqual(message.sender, 53)
        XCTAssertEqual(message.session, 7)
        let bea = VideoRoomPublisher(id: 99, display: "Bea", talking: true,
                                     streams: [PublisherStream(type: "audio", mid: "0", codec: "opus"),
                                               PublisherStream(type: "video", mid: "1", codec: "vp8", disabled: true)])
        XCTAssertEqual(message.kind, .event(plugin: .joined(room: 1234, id: 1_073_987_444_074_866, privateId: 3_677_487_883,
                                                             publishers: [bea]), jsep: nil))
    }

    func testRoomEvents() throws {
        func event(_ data: String) throws -> VideoRoomMessage? {
            guard case .event(let plugin, _) = try decode(#"{"janus":"event","sender":1,"plugindata":{"plugin":"janus.plugin.videoroom","data":"# + data + "}}").kind
            else { return nil }
            return plugin
        }
        var leaving = VideoRoomEvent()
        leaving.leaving = .participant(42)
        XCTAssertEqual(try event(#"{"videoroom":"event","room":1234,"leaving":42}"#), .event(room: 1234, leaving))
        var me = VideoRoomEvent()
        me.leaving = .me
        XCTAssertEqual(try event(#"{"videoroom":"event","leaving":"ok"}"#), .event(room: nil, me))
        var unpublished = VideoRoomEvent()
        unpublished.unpublished = .participant(5)
        XCTAssertEqual(try event(#"{"videoroom":"event","room":1,"unpublished":5}"#), .event(room: 1, unpublished))
        var configured = VideoRoomEvent()
        configured.configured = true
        XCTAssertEqual(try event(#"{"videoroom":"event","room":1,"configured":"ok","audio_codec":"opus"}"#), .event(room: 1, configured))
        var refused = VideoRoomEvent()
        refused.error = VideoRoomError(code: 426, reason: "No such room (9)")
        XCTAssertEqual(try event(#"{"videoroom":"event","error_code":426,"error":"No such room (9)"}"#), .event(room: nil, refused))
        XCTAssertEqual(try event(#"{"videoroom":"talking","room":1,"id":5,"audio-level-dBov-avg":-32.5}"#),
                       .talking(room: 1, id: 5, level: -32.5))
        XCTAssertEqual(try event(#"{"videoroom":"stopped-talking","room":1,"id":5}"#), .stoppedTalking(room: 1, id: 5, level: nil))
        XCTAssertEqual(try event(#"{"videoroom":"slow_link","something":[1,2]}"#), .other("slow_link"))
    }

    func testSubscriberOfferListsAndLongPoll() throws {
        let attached = #"""
        [{"janus":"event","sender":3,"transaction":"s","plugindata":{"plugin":"janus.plugin.videoroom","data":{"videoroom":"attached","room":1234,
          "streams":[{"type":"audio","active":true,"mindex":0,"mid":"0","ready":false,"send":true,"feed_id":99,"feed_display":"Bea","feed_mid":"0"}]}},
          "jsep":{"type":"offer","sdp":"v=0\r\n"}},
         {"janus":"success","transaction":"l","sender":3,"plugindata":{"plugin":"janus.plugin.videoroom","data":{"videoroom":"success",
          "list":[{"room":1234,"description":"Janus Call","num_participants":2,"audiocodec":"opus"}]}}},
         {"janus":"success","transaction":"p","sender":3,"plugindata":{"plugin":"janus.plugin.videoroom","data":{"videoroom":"participants",
          "room":1234,"participants":[{"id":99,"display":"Bea","publisher":true,"talking":false}]}}},
         {"janus":"keepalive"}, {"janus":"webrtcup","session_id":1,"sender":3},
         {"janus":"media","sender":3,"type":"audio","mid":"0","receiving":true}, {"janus":"hangup","sender":3,"reason":"DTLS alert"},
         {"janus":"trickle","sender":3,"candidate":{"completed":true}}, {"janus":"timeout","session_id":1}, {"janus":"server_info"}]
        """#
        let kinds = try JanusDecoder.messages(Array(attached.utf8)).map(\.kind)
        XCTAssertEqual(kinds, [
            .event(plugin: .attached(room: 1234, streams: [SubscriberStream(mid: "0", type: "audio", feed: 99, feedDisplay: "Bea")]),
                   jsep: Jsep(type: .offer, sdp: "v=0\r\n")),
            .success(id: nil, plugin: .list([VideoRoomSummary(room: 1234, description: "Janus Call", participantCount: 2)])),
            .success(id: nil, plugin: .participants(room: 1234, [VideoRoomParticipant(id: 99, display: "Bea", publisher: true)])),
            .keepalive, .webrtcUp, .media(type: "audio", mid: "0", receiving: true), .hangup(reason: "DTLS alert"),
            .trickle(.completed), .timeout, .other("server_info"),
        ])
    }

    func testMalformedMessagesAreTypedErrors() {
        let cases: [(String, JanusProtocolError)] = [
            (#"{"transaction":"a"}"#, .missingField(JSONPath.root.appending("janus"))),
            (#"{"janus":5}"#, .wrongType(JSONPath.root.appending("janus"), expected: .string)),
            (#"{"janus":"success","data":{"id":-1}}"#, .badNumber(JSONPath.root.appending("data").appending("id"))),
            (#"{"janus":"success","data":{"id":1.5}}"#, .badNumber(JSONPath.root.appending("data").appending("id"))),
            (#"{"janus":"success","data":{"id":18446744073709551616}}"#, .badNumber(JSONPath.root.appending("data").appending("id"))),
            (#"{"janus":"event","jsep":{"type":"pranswer","sdp":""}}"#, .badJsepType("pranswer")),
            (#"{"janus":"event","plugindata":{"data":{"videoroom":"joined","room":1}}}"#,
             .missingField(JSONPath.root.appending("plugindata").appending("data").appending("id"))),
            (#"{"janus":"trickle"}"#, .missingField(JSONPath.root.appending("candidate"))),
            ("[1]", .wrongType(JSONPath.root.appending(0), expected: .object)),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try JanusDecoder.messages(Array(text.utf8)), text) { error in
                XCTAssertEqual(error as? JanusProtocolError, expected, text)
            }
        }
        let deep = String(repeating: "[", count: 10_000)
        XCTAssertThrowsError(try JanusDecoder.messages(Array(deep.utf8))) { error in
            guard case .syntax? = error as? JanusProtocolError else { return XCTFail("\(error)") }
        }
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: JanusDecoder.textLimit + 1)
        XCTAssertThrowsError(try JanusDecoder.messages(huge)) { error in
            XCTAssertEqual(error as? JanusProtocolError, .tooLarge(bytes: huge.count, limit: JanusDecoder.textLimit))
        }
        let longName = #"{"janus":"event","sender":1,"plugindata":{"data":{"videoroom":"joined","room":1,"id":2,"publishers":[{"id":3,"display":""#
            + String(repeating: "x", count: 2000) + #""}]}}}"#
        XCTAssertThrowsError(try JanusDecoder.messages(Array(longName.utf8))) { error in
            guard case .tooLong? = error as? JanusProtocolError else { return XCTFail("\(error)") }
        }
    }
}
