import LiveDirectory
import Rooms
import XCTest

/// R8: a Janus server's section lists every room it has as a call, with who is in it, kept
/// current by its refreshes like an nginx server's calls.
final class JanusCallsListingTests: XCTestCase {
    private let server = LiveServer.janus(id: "sfu", title: "Janus", api: "http://127.0.0.1:8088/janus")

    private func refreshed(_ directory: inout LiveDirectory, _ result: Result<[ListedCall], DirectoryError>, now: Double) -> [DirectoryEffect] {
        let fetch = directory.send(.refresh(serverID: "sfu", now: now))
        guard case .fetch(_, let url, let serial)? = fetch.first else {
            XCTFail("no fetch: \(fetch)")
            return []
        }
        XCTAssertEqual(url, "http://127.0.0.1:8088/janus")
        return directory.send(.receivedCalls(result, serverID: "sfu", serial: serial, now: now))
    }

    func testRoomsAreCallsWithTheirPeopleInStableOrder() throws {
        var directory = LiveDirectory(servers: [server])
        let ann = CallMember(name: "Ann", tag: "a1"), bea = CallMember(name: "Bea", tag: "b2"), cy = CallMember(name: "Cy", tag: "c3")
        _ = refreshed(&directory, .success([ListedCall(room: "1234", title: "Janus Call", members: [ann, bea]),
                                            ListedCall(room: "5678", title: nil, members: [])]), now: 0)
        XCTAssertEqual(directory.section("sfu")?.reachability, .reachable)
        XCTAssertEqual(directory.rooms.map(\.title), ["Janus Call", "5678"])
        XCTAssertEqual(directory.rooms.map(\.videoRoom), [1234, 5678])
        XCTAssertEqual(directory.rooms.first?.id, "sfu/call/1234")
        guard case .call(let people) = directory.rooms[0].media else { return XCTFail("not a call") }
        XCTAssertEqual(people.map(\.name), ["Ann", "Bea"])
        XCTAssertEqual(people[0].source, .url("http://127.0.0.1:8088/janus/videoroom/1234~Ann-a1"))

        // Bea leaves and Cy joins, the server listing Cy first: Ann keeps her place.
        _ = refreshed(&directory, .success([ListedCall(room: "5678", title: nil, members: []),
                                            ListedCall(room: "1234", title: "Janus Call", members: [cy, ann])]), now: 1)
        guard case .call(let now) = directory.rooms[0].media else { return XCTFail("not a call") }
        XCTAssertEqual(now.map(\.name), ["Ann", "Cy"])
        XCTAssertEqual(directory.rooms.map(\.title), ["Janus Call", "5678"])

        directory.hideCalls(["sfu/call/1234"])
        XCTAssertEqual(directory.rooms.map(\.title), ["5678"])
    }

    func testAnUnreachableJanusKeepsItsCallsUntilItAnswers() {
        var directory = LiveDirectory(servers: [server])
        _ = refreshed(&directory, .success([ListedCall(room: "1234", title: "Janus Call", members: [CallMember(name: "Ann")])]), now: 0)
        _ = refreshed(&directory, .failure(.unreachable(.transport("Connection refused"))), now: 6)
        guard case .unreachable(.unreachable(.transport("Connection refused")), _, _)? = directory.section("sfu")?.reachability else {
            return XCTFail("\(String(describing: directory.section("sfu")?.reachability))")
        }
        XCTAssertEqual(directory.rooms.map(\.title), ["Janus Call"])
        _ = refreshed(&directory, .success([]), now: 12)
        XCTAssertEqual(directory.rooms, [])
    }
}
