import JanusProtocol

/// What happens to a connection's session, delivered on its callback queue.
public enum JanusConnectionEvent: Hashable, Sendable {
    /// The session `session` was created by `connect()`.
    case connected(session: JanusID)
    /// The session is gone (`error` says why: Janus stopped, restarted or timed the session out);
    /// every handle of it is gone too. Try `attempt` at a new one comes in `retryIn` seconds (D4).
    case lost(JanusError, attempt: Int, retryIn: Double)
    /// A new session replaced the lost one: attach handles and join again.
    case reconnected(session: JanusID)
    /// Janus sent a message that is no message; it was dropped (the session goes on).
    case malformed(JanusProtocolError)
}

/// What happens on a VideoRoom handle, delivered on its connection's callback queue.
public enum VideoRoomHandleEvent: Hashable, Sendable {
    /// Publishers started publishing in the room.
    case publishersJoined([VideoRoomPublisher])
    /// Someone joined the room without publishing yet (rooms that notify joiners).
    case participantJoined(VideoRoomParticipant)
    /// A publisher stopped publishing.
    case unpublished(JanusID)
    /// A participant left the room.
    case left(JanusID)
    /// This handle left the room, or its publishing stopped, as the server says.
    case removed
    /// A publisher started (true) or stopped (false) talking.
    case talking(JanusID, Bool)
    /// A `configure` took effect.
    case configured
    /// A subscription's new offer Janus sent unasked (a publisher it carries came or went).
    case offer(VideoRoomSubscription)
    /// The handle's peer connection is up.
    case webrtcUp
    /// Janus started or stopped receiving a kind of media.
    case media(type: String, mid: String?, receiving: Bool)
    /// Janus saw packet loss.
    case slowLink(uplink: Bool, lost: Int)
    /// One of Janus's ICE candidates.
    case trickle(TrickleCandidate)
    /// The handle's peer connection is gone.
    case hangup(reason: String)
    /// The plugin reported an error not tied to a request.
    case error(VideoRoomError)
    /// The handle was detached.
    case detached
}
