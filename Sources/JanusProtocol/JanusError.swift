/// Why a request to Janus, or the connection to it, failed, as data (AppCore words it).
public enum JanusError: Error, Hashable, Sendable {
    /// The server's address is not an `http(s)://` or `ws(s)://` URL with a host.
    case badURL(String)
    /// The server's address is Janus's WebSocket API (`ws://`, `wss://`), which FloatApp reaches
    /// through libsoup 3 (`libsoup-3.0-0`), and libsoup 3 is not installed.
    case webSocketUnavailable(String)
    /// The request or the socket failed (connection refused, reset, closed, a TLS error, …), in
    /// Foundation's or libsoup's words.
    case transport(String)
    /// The server answered with an HTTP error status.
    case status(Int)
    /// No answer to `request` within its timeout.
    case timedOut(request: String)
    /// Janus sent something that is no message (malformed or hostile).
    case malformed(JanusProtocolError)
    /// Janus refused the request (its error code and reason).
    case refused(code: Int, reason: String)
    /// The VideoRoom plugin refused the request.
    case videoRoom(VideoRoomError)
    /// Janus answered with a message that does not answer the request.
    case unexpectedAnswer(request: String)
    /// The session is gone (Janus restarted, or it timed out); the connection makes a new one.
    case sessionLost
    /// The connection was closed.
    case closed
}

/// What `joinAsPublisher` gives: this participant's ids and the publishers already there.
public struct VideoRoomJoined: Hashable, Sendable {
    /// The room.
    public var room: JanusID
    /// This participant's id (its feed, once it publishes).
    public var id: JanusID
    /// The id that ties this participant's subscriptions to it.
    public var privateId: JanusID?
    /// Those already publishing.
    public var publishers: [VideoRoomPublisher]

    /// Creates the result.
    public init(room: JanusID, id: JanusID, privateId: JanusID?, publishers: [VideoRoomPublisher]) {
        self.room = room
        self.id = id
        self.privateId = privateId
        self.publishers = publishers
    }
}

/// Janus's offer for a subscription and which publisher each of its media ids carries.
public struct VideoRoomSubscription: Hashable, Sendable {
    /// The offer to answer (then `start`).
    public var offer: Jsep
    /// The streams, mid by mid.
    public var streams: [SubscriberStream]

    /// Creates the result.
    public init(offer: Jsep, streams: [SubscriberStream]) {
        self.offer = offer
        self.streams = streams
    }
}
