/// A request of Janus's API, without its envelope (transaction, session and handle).
public enum JanusRequest: Hashable, Sendable {
    /// Creates a session.
    case create
    /// Attaches a plugin handle to the session.
    case attach(plugin: String)
    /// A message to the handle's plugin, with a session description when one goes along.
    case message(VideoRoomRequest, jsep: Jsep?)
    /// An ICE candidate for the handle's peer connection.
    case trickle(TrickleCandidate)
    /// Keeps the session from timing out.
    case keepalive
    /// Hangs up the handle's peer connection, keeping the handle.
    case hangup
    /// Detaches the handle.
    case detach
    /// Destroys the session.
    case destroy

    /// The name Janus gives the request (`"janus": …`).
    public var verb: String {
        switch self {
        case .create: "create"
        case .attach: "attach"
        case .message: "message"
        case .trickle: "trickle"
        case .keepalive: "keepalive"
        case .hangup: "hangup"
        case .detach: "detach"
        case .destroy: "destroy"
        }
    }

    /// The request as the JSON text Janus reads. Over HTTP the session and handle are in the
    /// URL and may be left out; over a WebSocket they must be given.
    public func encoded(transaction: String, session: JanusID? = nil, handle: JanusID? = nil) -> String {
        var members: [(String, OutgoingJSON)] = [("janus", .string(verb)), ("transaction", .string(transaction))]
        if let session { members.append(("session_id", .id(session))) }
        if let handle { members.append(("handle_id", .id(handle))) }
        members += payload
        return OutgoingJSON.object(members).text
    }

    private var payload: [(String, OutgoingJSON)] {
        switch self {
        case .attach(let plugin):
            return [("plugin", .string(plugin))]
        case .message(let body, let jsep):
            var members = [("body", body.json)]
            if let jsep {
                members.append(("jsep", .object([("type", .string(jsep.type.rawValue)), ("sdp", .string(jsep.sdp))])))
            }
            return members
        case .trickle(.candidate(let mid, let index, let line)):
            return [("candidate", .object([("sdpMid", .string(mid)), ("sdpMLineIndex", .int(index)),
                                           ("candidate", .string(line))]))]
        case .trickle(.completed):
            return [("candidate", .object([("completed", .bool(true))]))]
        case .create, .keepalive, .hangup, .detach, .destroy:
            return []
        }
    }
}

extension VideoRoomRequest {
    var json: OutgoingJSON {
        switch self {
        case .list:
            return .object([("request", .string("list"))])
        case .listParticipants(let room):
            return .object([("request", .string("listparticipants")), ("room", .id(room))])
        case .joinAsPublisher(let room, let display):
            return .object([("request", .string("join")), ("ptype", .string("publisher")), ("room", .id(room)),
                            ("display", .string(display))])
        case .configure(let audio, let video):
            var members: [(String, OutgoingJSON)] = [("request", .string("configure"))]
            if let audio { members.append(("audio", .bool(audio))) }
            if let video { members.append(("video", .bool(video))) }
            return .object(members)
        case .unpublish:
            return .object([("request", .string("unpublish"))])
        case .joinAsSubscriber(let room, let feeds, let privateId):
            var members: [(String, OutgoingJSON)] = [("request", .string("join")), ("ptype", .string("subscriber")),
                                                     ("room", .id(room)), ("streams", Self.feedList(feeds))]
            if let privateId { members.append(("private_id", .id(privateId))) }
            return .object(members)
        case .start:
            return .object([("request", .string("start"))])
        case .update(let subscribe, let unsubscribe):
            var members: [(String, OutgoingJSON)] = [("request", .string("update"))]
            if !subscribe.isEmpty { members.append(("subscribe", Self.feedList(subscribe))) }
            if !unsubscribe.isEmpty { members.append(("unsubscribe", Self.feedList(unsubscribe))) }
            return .object(members)
        case .leave:
            return .object([("request", .string("leave"))])
        }
    }

    private static func feedList(_ feeds: [JanusID]) -> OutgoingJSON {
        .array(feeds.map { .object([("feed", .id($0))]) })
    }
}
