import Janus
import JanusProtocol
import LiveDirectory
import Rooms
import TestSupport
import XCTest

/// R8: the list's reader of a Janus server's calls, against a real Janus: its rooms with who is
/// in them, a joiner and a leaver followed from one read to the next, a stopped Janus an
/// unreachable server and a restarted one read again.
final class JanusDirectoryReaderTests: XCTestCase {
    func testRoomsAndPeopleFollowJoinsLeavesAndRestarts() async throws {
        let janus = JanusServer()
        try janus.start()
        let reader = JanusDirectoryReader(requestTimeout: 2)
        let empty = try await reader.read(janus.apiURL).get()
        XCTAssertEqual(empty.map(\.room).sorted(), ["1234", "5678"])
        XCTAssertEqual(empty.first { $0.room == "1234" }?.title, "Janus Call")
        XCTAssertTrue(empty.allSatisfy(\.members.isEmpty))

        let ann = try JanusConnection(url: janus.apiURL, callbackQueue: .global()) { _ in }
        try await ann.connect()
        let annRoom = try await ann.attachVideoRoom { _ in }
        let joined = try await annRoom.joinAsPublisher(room: 1234, display: "Ann Ö")
        let withAnn = try await reader.read(janus.apiURL).get()
        XCTAssertEqual(withAnn.first { $0.room == "1234" }?.members, [CallMember(name: "Ann Ö", tag: JanusFeedTag.tag(of: joined.id))])
        try await annRoom.leave()
        let afterLeave = try await reader.read(janus.apiURL).get()
        XCTAssertEqual(afterLeave.first { $0.room == "1234" }?.members, [])
        await ann.close()

        janus.stop()
        guard case .failure(.unreachable) = await reader.read(janus.apiURL) else { return XCTFail("a stopped Janus was read") }
        try janus.start()
        let again = try await reader.read(janus.apiURL).get()
        XCTAssertEqual(again.map(\.room).sorted(), ["1234", "5678"])
        await reader.close()
    }
}
