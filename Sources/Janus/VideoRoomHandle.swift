import JanusProtocol

/// A handle on Janus's VideoRoom plugin: as a publisher it joins a room and publishes, as a
/// subscriber (a handle of its own) it receives publishers' feeds. Each call waits for Janus's
/// answer and throws a `JanusError`: the plugin's refusals included.
public final class VideoRoomHandle: Sendable {
    /// The connection the handle belongs to.
    public let connection: JanusConnection
    /// The handle's id.
    public let id: JanusID

    init(connection: JanusConnection, id: JanusID) {
        self.connection = connection
        self.id = id
    }

    /// The public rooms.
    public func list() async throws(JanusError) -> [VideoRoomSummary] {
        guard case .list(let rooms)? = try await ask(.list).plugin else { throw .unexpectedAnswer(request: "list") }
        return rooms
    }

    /// Who is in `room`.
    public func listParticipants(room: JanusID) async throws(JanusError) -> [VideoRoomParticipant] {
        guard case .participants(_, let people)? = try await ask(.listParticipants(room: room)).plugin
        else { throw .unexpectedAnswer(request: "listparticipants") }
        return people
    }

    /// Joins `room` as a publisher named `display` (publishing starts with `publish`).
    public func joinAsPublisher(room: JanusID, display: String) async throws(JanusError) -> VideoRoomJoined {
        guard case .joined(let room, let id, let privateId, let publishers)? = try await ask(.joinAsPublisher(room: room, display: display)).plugin
        else { throw .unexpectedAnswer(request: "join") }
        return VideoRoomJoined(room: room, id: id, privateId: privateId, publishers: publishers)
    }

    /// Publishes the media `offer` describes; Janus's answer is returned.
    public func publish(offer: Jsep, audio: Bool = true, video: Bool = true) async throws(JanusError) -> Jsep {
        guard let answer = try await ask(.configure(audio: audio, video: video), jsep: offer).jsep, answer.type == .answer
        else { throw .unexpectedAnswer(request: "publish") }
        return answer
    }

    /// Mutes or unmutes (audio), turns the camera off or on (video), for everyone in the room.
    public func configure(audio: Bool?, video: Bool?) async throws(JanusError) {
        _ = try await ask(.configure(audio: audio, video: video))
    }

    /// Stops publishing, staying in the room.
    public func unpublish() async throws(JanusError) {
        _ = try await ask(.unpublish)
    }

    /// Subscribes this handle to `feeds` of `room`: Janus's offer and which feed each mid carries.
    public func subscribe(room: JanusID, feeds: [JanusID], privateId: JanusID?) async throws(JanusError) -> VideoRoomSubscription {
        let answer = try await ask(.joinAsSubscriber(room: room, feeds: feeds, privateId: privateId))
        guard case .attached(_, let streams)? = answer.plugin, let offer = answer.jsep, offer.type == .offer
        else { throw .unexpectedAnswer(request: "join") }
        return VideoRoomSubscription(offer: offer, streams: streams)
    }

    /// Starts a subscription with the answer to Janus's offer.
    public func start(answer: Jsep) async throws(JanusError) {
        _ = try await ask(.start, jsep: answer)
    }

    /// Adds and removes feeds of the subscription; Janus's new offer, when it makes one.
    public func update(subscribe: [JanusID], unsubscribe: [JanusID]) async throws(JanusError) -> VideoRoomSubscription? {
        let answer = try await ask(.update(subscribe: subscribe, unsubscribe: unsubscribe))
        guard let offer = answer.jsep, offer.type == .offer else { return nil }
        guard case .updated(_, let streams)? = answer.plugin else { return VideoRoomSubscription(offer: offer, streams: []) }
        return VideoRoomSubscription(offer: offer, streams: streams)
    }

    /// Sends one of this side's ICE candidates, or their end.
    public func trickle(_ candidate: TrickleCandidate) async throws(JanusError) {
        _ = try await connection.send(.trickle(candidate), handle: id, completesOnAck: true)
    }

    /// Leaves the room.
    public func leave() async throws(JanusError) {
        _ = try await ask(.leave)
    }

    /// Hangs up the handle's peer connection.
    public func hangup() async throws(JanusError) {
        _ = try await connection.send(.hangup, handle: id)
    }

    /// Detaches the handle; its events stop.
    public func detach() async throws(JanusError) {
        defer { connection.forget(handle: id) }
        _ = try await connection.send(.detach, handle: id)
    }

    /// Sends a VideoRoom request and returns the plugin's answer; a refusal throws.
    private func ask(_ request: VideoRoomRequest, jsep: Jsep? = nil) async throws(JanusError) -> (plugin: VideoRoomMessage?, jsep: Jsep?) {
        let message = try await connection.send(.message(request, jsep: jsep), handle: id)
        let plugin: VideoRoomMessage?
        let answerJsep: Jsep?
        switch message.kind {
        case .success(_, let data): (plugin, answerJsep) = (data, nil)
        case .event(let data, let jsep): (plugin, answerJsep) = (data, jsep)
        default: throw .unexpectedAnswer(request: request.name)
        }
        if case .event(_, let event)? = plugin, let error = event.error { throw .videoRoom(error) }
        return (plugin, answerJsep)
    }
}

extension VideoRoomRequest {
    /// The request's name, for errors.
    var name: String {
        switch self {
        case .list: "list"
        case .listParticipants: "listparticipants"
        case .joinAsPublisher, .joinAsSubscriber: "join"
        case .configure: "configure"
        case .unpublish: "unpublish"
        case .start: "start"
        case .update: "update"
        case .leave: "leave"
        }
    }
}
