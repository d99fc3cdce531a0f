import LiveDirectory
import Rooms
import XCTest

/// R5, W10: who is in a server's calls, read from its statistics page as pure reducer steps
/// (join, leave, rename, a stream that flaps), and the refresh pace while in a call.
final class CallPresenceTests: XCTestCase {
    private let server = LiveServer(id: "local", title: "Local", stats: "http://127.0.0.1:8080/stat",
                                    play: StreamURLTemplate("rtmp://127.0.0.1:1935/live/{stream}"),
                                    calls: CallURLTemplate("rtmp://127.0.0.1:1935/call/{room}~{participant}"))

    private func member(_ room: String, _ name: String, publishing: Bool = true) -> LiveStreamInfo {
        LiveStreamInfo(name: "\(room)~\(ParticipantName.encode(name))", application: "call", isPublishing: publishing,
                       clients: 3, age: 4)
    }

    /// A section that answered its first refresh with `infos` at `now`.
    private func listed(_ section: inout ServerDirectory, _ infos: [LiveStreamInfo], now: Double) {
        let serial = section.tick(now: now).compactMap { if case .fetch(_, _, let s) = $0 { s } else { nil } }.first
            ?? section.refresh(now: now, unlessWithin: 0).compactMap { if case .fetch(_, _, let s) = $0 { s } else { nil } }.first
        XCTAssertNotNil(serial, "a refresh starts at \(now)")
        _ = section.received(.success(infos), serial: serial ?? -1, now: now)
    }

    private func people(_ section: ServerDirectory) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: section.calls.map { ($0.room, $0.participants.map(\.name)) })
    }

    func testTwoPeopleOfOneNameAreTwoParticipantsByTheirJoinsTags() {
        var section = ServerDirectory(server: server)
        let tagged = { (tag: String) in
            LiveStreamInfo(name: "standup~" + CallMember(name: "Ada", tag: tag).encoded, application: "call",
                           isPublishing: true, clients: 2, age: 1)
        }
        listed(&section, [tagged("k3f9"), tagged("x01")], now: 0)
        XCTAssertEqual(people(section), ["standup": ["Ada", "Ada"]])
        XCTAssertEqual(section.rooms.last?.media, .call(participants: [
            Participant(name: "Ada", source: .url("rtmp://127.0.0.1:1935/call/standup~Ada-k3f9")),
            Participant(name: "Ada", source: .url("rtmp://127.0.0.1:1935/call/standup~Ada-x01")),
        ]))
        // One of them leaves: the other stays, by their tag.
        listed(&section, [tagged("x01")], now: 5)
        XCTAssertEqual(section.calls.first?.participants, [CallMember(name: "Ada", tag: "x01")])
    }

    func testJoinLeaveRenameAndAFlappingStream() {
        var section = ServerDirectory(server: server)
        listed(&section, [member("standup", "Ada"), LiveStreamInfo(name: "cam", application: "live", isPublishing: true, clients: 1, age: 1)], now: 0)
        XCTAssertEqual(people(section), ["standup": ["Ada"]])
        XCTAssertEqual(section.streams.map(\.name), ["cam"], "call streams are not live streams")

        // Join: a second and a third participant, in another script.
        listed(&section, [member("standup", "Ada"), member("standup", "李小龙"), member("standup", "Grace Hopper")], now: 5)
        XCTAssertEqual(people(section), ["standup": ["Ada", "李小龙", "Grace Hopper"]])
        XCTAssertEqual(section.rooms.last, Room(id: "local/call/standup", title: "standup", media: .call(participants: [
            Participant(name: "Ada", source: .url("rtmp://127.0.0.1:1935/call/standup~Ada")),
            Participant(name: "李小龙", source: .url("rtmp://127.0.0.1:1935/call/standup~_674e__5c0f__9f99_")),
            Participant(name: "Grace Hopper", source: .url("rtmp://127.0.0.1:1935/call/standup~Grace_20_Hopper")),
        ]), callServerID: "local"))

        // Leave (or kill -9: the server drops the stream): gone at the next listing, no grace.
        listed(&section, [member("standup", "Ada"), member("standup", "Grace Hopper")], now: 10)
        XCTAssertEqual(people(section), ["standup": ["Ada", "Grace Hopper"]])

        // Rename: the old name goes, the new one comes last; the others keep their places.
        listed(&section, [member("standup", "Grace H."), member("standup", "Ada")], now: 15)
        XCTAssertEqual(people(section), ["standup": ["Ada", "Grace H."]])

        // A stream that flaps: missing from one listing, back in the next, at the end.
        listed(&section, [member("standup", "Grace H.")], now: 20)
        XCTAssertEqual(people(section), ["standup": ["Grace H."]])
        listed(&section, [member("standup", "Ada"), member("standup", "Grace H.")], now: 25)
        XCTAssertEqual(people(section), ["standup": ["Grace H.", "Ada"]])

        // Not publishing (a player waiting), other shapes and other applications are nobody.
        listed(&section, [member("standup", "Ada", publishing: false), member("other", "Bo"),
                          LiveStreamInfo(name: "no-separator", application: "call", isPublishing: true, clients: 1, age: 1),
                          LiveStreamInfo(name: "x~y z", application: "call", isPublishing: true, clients: 1, age: 1)], now: 30)
        XCTAssertEqual(people(section), ["other": ["Bo"]], "the call nobody is in is gone")
    }

    func testAnUnreachableServerSaysNothingAboutWhoIsInItsCalls() {
        var section = ServerDirectory(server: server)
        listed(&section, [member("standup", "Ada")], now: 0)
        _ = section.received(.failure(.unreachable(.transport("refused"))), serial: fetchSerial(section.tick(now: 5)), now: 5)
        XCTAssertEqual(people(section), ["standup": ["Ada"]])
    }

    func testInACallTheServerIsAskedEverySecond() {
        var section = ServerDirectory(server: server)
        listed(&section, [member("standup", "Ada")], now: 0)
        section.setInCall(true)
        XCTAssertEqual(section.tick(now: 0.9), [])
        let serial = fetchSerial(section.tick(now: 1.0))
        _ = section.received(.success([]), serial: serial, now: 1.3)
        XCTAssertEqual(section.tick(now: 1.9), [])
        _ = fetchSerial(section.tick(now: 2.0))
        _ = section.received(.failure(.unreachable(.transport("refused"))), serial: section.pendingSerial ?? -1, now: 2.1)
        _ = fetchSerial(section.tick(now: 3.0))
        _ = section.received(.success([]), serial: section.pendingSerial ?? -1, now: 3.1)
        section.setInCall(false)
        XCTAssertEqual(section.tick(now: 7.9), [])
        _ = fetchSerial(section.tick(now: 8.0))
    }

    private func fetchSerial(_ effects: [DirectoryEffect], file: StaticString = #filePath, line: UInt = #line) -> Int {
        let serials = effects.compactMap { if case .fetch(_, _, let serial) = $0 { serial } else { nil } }
        XCTAssertEqual(serials.count, 1, "\(effects)", file: file, line: line)
        return serials.first ?? -1
    }
}
