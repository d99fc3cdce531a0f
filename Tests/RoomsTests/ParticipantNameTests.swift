import Rooms
import TestSupport
import XCTest

/// R5: a participant's name in a stream name round-trips any Unicode name, and a calls
/// template reads back the call and the participant of a stream.
final class ParticipantNameTests: XCTestCase {
    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".unicodeScalars)

    func testNamesInSeveralScriptsRoundTripThroughURLSafeForms() {
        let names = ["Ada", "Ada Lovelace", "a_b", "_", "~", "José Ñúñez", "李小龙", "Владимир", "محمد علي", "שרה",
                     "👩🏽‍💻 Dev", "नमस्ते", "e\u{301}", "\u{FEFF}x", "😀😀", "1234"]
        for name in names {
            let encoded = ParticipantName.encode(name)
            XCTAssertTrue(encoded.unicodeScalars.allSatisfy(Self.allowed.contains), "\(name) -> \(encoded)")
            XCTAssertEqual(ParticipantName.decode(encoded), name, encoded)
        }
        XCTAssertEqual(ParticipantName.encode("Ada Lovelace"), "Ada_20_Lovelace")
        XCTAssertEqual(ParticipantName.encode("李"), "_674e_")
    }

    func testSeededRandomUnicodeNamesRoundTrip() {
        let seed = SeededRandom.runSeed(for: "ParticipantNameTests.testSeededRandomUnicodeNamesRoundTrip")
        var random = SeededRandom(seed: seed)
        for _ in 0..<2000 {
            var name = ""
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                // Every plane, surrogates excluded (they are no scalars), ASCII more often.
                let value = Bool.random(using: &random) ? UInt32.random(in: 0x20...0x7E, using: &random)
                    : UInt32.random(in: 0...0x10FFFF, using: &random)
                if let scalar = Unicode.Scalar(value) { name.unicodeScalars.append(scalar) }
            }
            let encoded = ParticipantName.encode(name)
            XCTAssertTrue(encoded.unicodeScalars.allSatisfy(Self.allowed.contains), "seed \(seed): \(encoded)")
            XCTAssertEqual(ParticipantName.decode(encoded), name, "seed \(seed): \(encoded)")
        }
    }

    func testFormsThatNoNameHasAreRefused() {
        for bad in ["a b", "_", "__", "_41_", "_0041_", "_6", "_xyz_", "_D800_", "_d800_", "_110000_", "a~b", "é", "_4E_"] {
            XCTAssertNil(ParticipantName.decode(bad), bad)
        }
    }

    func testFittedShortensAtAGraphemeUntilTheFormFits() {
        let long = String(repeating: "李", count: 100)
        let fitted = ParticipantName.fitted(long)
        XCTAssertLessThanOrEqual(ParticipantName.encode(fitted).count, ParticipantName.maximumEncodedLength)
        XCTAssertEqual(fitted, String(repeating: "李", count: ParticipantName.maximumEncodedLength / 6))
        XCTAssertEqual(ParticipantName.fitted("Ada"), "Ada")
    }

    func testATemplateReadsBackTheCallAndTheParticipantOfItsStreams() {
        let template = CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}")
        XCTAssertEqual(template.application, "call")
        let url = template.url(room: "standup", participant: "José Ñ")
        XCTAssertEqual(url, "rtmp://127.0.0.1:1935/call/standup~Jos_e9__20__d1_")
        let stream = String(url.split(separator: "/").last!)
        let member = template.member(ofStream: stream, application: "call")
        XCTAssertEqual(member?.room, "standup")
        XCTAssertEqual(member?.member, CallMember(name: "José Ñ"))
        XCTAssertNil(template.member(ofStream: stream, application: "live"))
        XCTAssertNil(template.member(ofStream: "standup", application: "call"))
        XCTAssertNil(template.member(ofStream: "stand up~Ada", application: "call"))
        XCTAssertNil(template.member(ofStream: "standup~", application: "call"))
        let reversed = CallURLTemplate("rtmp://h/calls/p.{participant}.in.{room}?key=1")
        XCTAssertEqual(reversed.application, "calls")
        XCTAssertEqual(reversed.member(ofStream: "p.Ada.in.r-1", application: "calls")?.room, "r-1")
        XCTAssertEqual(reversed.member(ofStream: "p.Ada.in.r-1", application: "calls")?.member, CallMember(name: "Ada"))
        XCTAssertEqual(reversed.member(ofStream: "p.Ada-k3f9.in.r-1", application: "calls")?.member, CallMember(name: "Ada", tag: "k3f9"))
    }

    func testAJoinsTagKeepsTwoPeopleOfOneNameApartAndDecodesAway() {
        let template = CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}")
        let first = CallMember(name: "李 Ada", tag: "k3f9"), second = CallMember(name: "李 Ada", tag: "x01")
        let streams = [first, second].map { String(template.url(room: "standup", member: $0).split(separator: "/").last!) }
        XCTAssertEqual(streams, ["standup~_674e__20_Ada-k3f9", "standup~_674e__20_Ada-x01"])
        XCTAssertEqual(streams.map { template.member(ofStream: $0, application: "call")?.member }, [first, second])
        XCTAssertEqual(streams.map { template.member(ofStream: $0, application: "call")?.member.name }, ["李 Ada", "李 Ada"])
        for bad in ["Ada-", "-k3f9", "Ada-k3-f9", "Ada-k3_f9", "Ada-k3f9abcde", "A da-k3f9"] {
            XCTAssertNil(CallMember(encoded: bad), bad)
        }
        XCTAssertEqual(CallMember(encoded: "Ada_2d_x-k3f9"), CallMember(name: "Ada-x", tag: "k3f9"), "a name's own - is escaped")
    }
}
