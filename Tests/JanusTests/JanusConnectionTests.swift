import Dispatch
import Janus
import JanusProtocol
import TestSupport
import XCTest

/// FloatApp's signalling against a real Janus from the project's config, on free ports: rooms
/// and participants listed, joins and leaves seen by the others, a publisher's offer answered and
/// subscribed to, refusals typed, and a Janus restarted mid-call reported and recovered from;
/// each over the HTTP API and over the WebSocket API.
final class JanusConnectionTests: XCTestCase {
    private var janus: JanusServer!

    override func setUpWithError() throws {
        janus = JanusServer()
        try janus.start()
    }

    override func tearDown() {
        janus = nil
    }

    /// Janus's two APIs.
    private enum API {
        case http, webSocket
    }

    private func url(_ api: API) -> String {
        switch api {
        case .http: janus.apiURL
        case .webSocket: janus.webSocketURL
        }
    }

    private func connect(_ api: API, _ log: EventLog<JanusConnectionEvent> = EventLog()) async throws -> JanusConnection {
        let connection = try JanusConnection(url: url(api), requestTimeout: 5, callbackQueue: .global()) { log.append($0) }
        try await connection.connect()
        return connection
    }

    func testRoomsParticipantsJoinsAndLeaves() async throws { try await roomsParticipantsJoinsAndLeaves(.http) }
    func testRoomsParticipantsJoinsAndLeavesOverWebSocket() async throws { try await roomsParticipantsJoinsAndLeaves(.webSocket) }
    func testPublisherOfferIsAnswered() async throws { try await publisherOfferIsAnswered(.http) }
    func testPublisherOfferIsAnsweredOverWebSocket() async throws { try await publisherOfferIsAnswered(.webSocket) }
    func testRefusalsAndTimeoutsAreTyped() async throws { try await refusalsAndTimeoutsAreTyped(.http) }
    func testRefusalsAndTimeoutsAreTypedOverWebSocket() async throws { try await refusalsAndTimeoutsAreTyped(.webSocket) }
    func testRestartedJanusIsReportedAndANewSessionMade() async throws { try await restartedJanusIsReported(.http) }
    func testRestartedJanusIsReportedOverWebSocket() async throws { try await restartedJanusIsReported(.webSocket) }

    private func roomsParticipantsJoinsAndLeaves(_ api: API) async throws {
        let ann = try await connect(api)
        let annEvents = EventLog<VideoRoomHandleEvent>()
        let annRoom = try await ann.attachVideoRoom { annEvents.append($0) }
        let rooms = try await annRoom.list()
        XCTAssertEqual(rooms.map(\.room).sorted(), [1234, 5678])
        XCTAssertEqual(rooms.first { $0.room == 1234 }?.description, "Janus Call")
        let joined = try await annRoom.joinAsPublisher(room: 1234, display: "Ann")
        XCTAssertEqual(joined.publishers, [])

        let bea = try await connect(api)
        let beaRoom = try await bea.attachVideoRoom { _ in }
        let beaJoined = try await beaRoom.joinAsPublisher(room: 1234, display: "Bea ☕")
        let people = try await annRoom.listParticipants(room: 1234)
        XCTAssertEqual(Set(people.map(\.display)), ["Ann", "Bea ☕"])
        try eventually("Ann hears that Bea joined") {
            annEvents.first { if case .participantJoined(let who) = $0 { who } else { nil } }?.id == beaJoined.id
        }
        try await beaRoom.leave()
        try eventually("Ann sees Bea leave within 2 s", timeout: 2) {
            annEvents.all.contains(.left(beaJoined.id))
        }
        await bea.close()
        await ann.close()
    }

    /// Janus counts a publisher as publishing once its peer connection is up, which takes ICE
    /// (the WebRTC engine's tests): here its offer is answered and a subscription to it is
    /// refused until then.
    private func publisherOfferIsAnswered(_ api: API) async throws {
        let ann = try await connect(api)
        let annRoom = try await ann.attachVideoRoom { _ in }
        let annJoined = try await annRoom.joinAsPublisher(room: 5678, display: "Ann")
        let answer = try await annRoom.publish(offer: Jsep(type: .offer, sdp: FakeOffer.sdp), audio: true, video: true)
        XCTAssertEqual(answer.type, .answer)
        XCTAssertTrue(answer.sdp.contains("m=audio") && answer.sdp.contains("m=video"), answer.sdp)
        XCTAssertTrue(answer.sdp.contains("opus") && answer.sdp.contains("VP8"), answer.sdp)
        try await annRoom.configure(audio: false, video: nil)
        try await annRoom.trickle(.completed)

        let bea = try await connect(api)
        let beaRoom = try await bea.attachVideoRoom { _ in }
        let beaJoined = try await beaRoom.joinAsPublisher(room: 5678, display: "Bea")
        let feed = try await bea.attachVideoRoom { _ in }
        do {
            _ = try await feed.subscribe(room: 5678, feeds: [annJoined.id], privateId: beaJoined.privateId)
            XCTFail("subscribed to a publisher whose media never started")
        } catch {
            XCTAssertEqual(error, .videoRoom(VideoRoomError(code: 428, reason: "No such feed (\(annJoined.id))")))
        }
        try await feed.detach()
        await bea.close()
        await ann.close()
    }

    private func refusalsAndTimeoutsAreTyped(_ api: API) async throws {
        let connection = try await connect(api)
        let room = try await connection.attachVideoRoom { _ in }
        do {
            _ = try await room.joinAsPublisher(room: 999, display: "Nobody")
            XCTFail("joined a room that does not exist")
        } catch {
            guard case .videoRoom(let refusal) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(refusal.code, 426)
        }
        await connection.close()

        let silent = ListeningSocket()
        let address = api == .http ? "http://127.0.0.1:\(silent.port)/janus" : "ws://127.0.0.1:\(silent.port)"
        let stalled = try JanusConnection(url: address, requestTimeout: 0.5, callbackQueue: .global()) { _ in }
        let start = Date()
        do {
            try await stalled.connect()
            XCTFail("a server that never answers gave a session")
        } catch {
            XCTAssertEqual(error, .timedOut(request: "create"))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 3)
        XCTAssertThrowsError(try JanusConnection(url: "ftp://host/janus", callbackQueue: .global()) { _ in })
        XCTAssertThrowsError(try JanusConnection(url: "ws://", callbackQueue: .global()) { _ in }) { error in
            XCTAssertEqual(error as? JanusError, .badURL("ws://"))
        }
    }

    private func restartedJanusIsReported(_ api: API) async throws {
        let log = EventLog<JanusConnectionEvent>()
        let connection = try await connect(api, log)
        let first = try XCTUnwrap(connection.session)
        let room = try await connection.attachVideoRoom { _ in }
        _ = try await room.joinAsPublisher(room: 1234, display: "Ann")

        janus.stop()
        try eventually("the lost session is reported", timeout: 5) {
            log.first { if case .lost(_, let attempt, _) = $0 { attempt } else { nil } } != nil
        }
        do {
            _ = try await room.list()
            XCTFail("a handle of the lost session still answered")
        } catch {
            XCTAssertTrue([.sessionLost, .closed].contains(error) || { if case .transport = error { true } else { false } }(), "\(error)")
        }
        try janus.start()
        let second = try eventuallyValue("a new session after the restart", timeout: 15) {
            log.first { if case .reconnected(let session) = $0 { session } else { nil } }
        }
        XCTAssertNotEqual(first, second)
        let again = try await connection.attachVideoRoom { _ in }
        let rejoined = try await again.joinAsPublisher(room: 1234, display: "Ann")
        XCTAssertEqual(rejoined.room, 1234)
        await connection.close()
    }
}
