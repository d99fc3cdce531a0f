import AppCore
import EngineTerms
import LiveDirectory
import PiPLayout
import Rooms
import XCTest

/// R8 in the app core: a Janus server's calls listed with who is in them, a call room on it
/// joined through ``AppEffect/joinJanusCall(_:_:)``, and the user's own feed left out once
/// Janus has taken them in.
final class JanusCallJoinTests: XCTestCase {
    private let sfu = LiveServer.janus(id: "sfu", title: "Janus", api: "http://127.0.0.1:8088/janus")
    private let weekly = Room(id: "weekly", title: "Weekly", media: .call(participants: []), callServerID: "sfu", videoRoom: 1234)
    private let me = Me(name: "Ada", camera: .source(.lavfi(graph: "testsrc2")), microphone: .source(.lavfi(graph: "sine")))
    private var identity: CallIdentity { CallIdentity(name: "Ada", camera: .lavfi(graph: "testsrc2"), microphone: .lavfi(graph: "sine")) }
    private let adaFeed: UInt64 = 4_242_424_242

    private func member(_ name: String, feed: UInt64) -> CallMember {
        CallMember(name: name, tag: JanusFeedTag.tag(of: feed))
    }

    /// The rooms file [Live A, Weekly on `sfu`] at t = 0; Janus lists `people` in room 1234 and
    /// nobody in room 5678 at t = 1.1.
    private func start(listing people: [CallMember]) throws -> AppState {
        let config = RoomsConfig(rooms: [F.liveA, weekly], servers: [sfu], me: me)
        var state = AppState(config: config, environment: AppEnvironment(metrics: F.metrics, desktop: DesktopDevices(accountName: "A")),
                             displays: [F.display])
        _ = state.reduce(.resized(.main, width: 960, height: 600), now: 0)
        _ = state.reduce(.painted(.main), now: 0)
        let effects = state.reduce(.tick(pointer: Point(x: 0, y: 0)), now: 1)
        let serial = try XCTUnwrap(effects.compactMap { effect -> Int? in
            guard case .fetchJanusCalls("sfu", "http://127.0.0.1:8088/janus", let serial) = effect else { return nil }
            return serial
        }.first, "a Janus server's listing is read from its API: \(effects)")
        XCTAssertFalse(effects.contains { if case .fetchDirectory(serverID: "sfu", _, _) = $0 { true } else { false } })
        let calls = [ListedCall(room: "1234", title: "Janus Call", members: people), ListedCall(room: "5678", title: "Second", members: [])]
        _ = state.reduce(.directoryCallsFetched(serverID: "sfu", serial: serial, .success(calls)), now: 1.1)
        return state
    }

    func testJanusCallsAreListedWithTheirPeople() throws {
        let state = try start(listing: [member("Grace", feed: 7), member("Bob", feed: 8)])
        let list = state.listViewModel(now: 2)
        XCTAssertEqual(list.rows.map(\.title), ["Live A", "Weekly", "Second"], "the file's call is not listed again under its server")
        XCTAssertEqual(list.rows[1].detail, "Call · 2 in the call · Audience")
        XCTAssertEqual(list.rows[2].detail, "Call · nobody in it yet · Audience")
        guard case .call(let people)? = state.room("weekly")?.media else { return XCTFail("no call") }
        XCTAssertEqual(people.map(\.name), ["Grace", "Bob"])
    }

    func testOpeningJoinsThroughJanusAndLeavesTheUsersFeedOut() throws {
        var state = try start(listing: [member("Grace", feed: 7), member("Ada", feed: adaFeed)])
        state.main.list.selected = 1
        let effects = state.reduce(F.key(.enter), now: 1.3)
        let join = JanusCallJoin(api: "http://127.0.0.1:8088/janus", videoRoom: 1234, display: "Ada",
                                 stream: CallStream(identity: identity), sending: CallSending())
        XCTAssertTrue(effects.contains(.joinJanusCall("weekly", join)), "\(effects)")
        XCTAssertFalse(effects.contains { if case .joinCall = $0 { true } else { false } }, "no RTMP stream for a Janus call")
        XCTAssertEqual(state.directory.section("sfu")?.interval, ServerDirectory.inCallRefreshInterval)

        _ = state.reduce(.janusCallJoined("weekly", feed: adaFeed), now: 1.5)
        guard case .call(let others)? = state.room("weekly")?.media else { return XCTFail("no call") }
        XCTAssertEqual(others.map(\.name), ["Grace"], "the user is not a tile of their own call")
        XCTAssertEqual(state.listViewModel(now: 2).rows[1].detail, "Call · 2 in the call · Audience")
        XCTAssertTrue(state.reduce(F.key(.letter("m")), now: 2).contains(.setCallSending("weekly", CallSending(microphoneMuted: true))))

        // Janus's event that someone joined reads the section again at once (the in-call refresh of 1.3 is over).
        let refresh = state.reduce(.janusCallChanged(serverID: "sfu"), now: 2.05)
        XCTAssertTrue(refresh.contains { if case .fetchJanusCalls("sfu", _, _) = $0 { true } else { false } }, "\(refresh)")
    }
}
