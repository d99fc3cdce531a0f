/// One message Janus sends: a reply to a request (matched by its transaction) or an event of a
/// session's handle (matched by its sender).
public struct JanusMessage: Hashable, Sendable {
    /// The transaction of the request this answers, if any.
    public var transaction: String?
    /// The session it belongs to, if Janus said.
    public var session: JanusID?
    /// The handle it comes from, if any.
    public var sender: JanusID?
    /// What it says.
    public var kind: Kind

    /// Creates a message.
    public init(transaction: String?, session: JanusID?, sender: JanusID?, kind: Kind) {
        self.transaction = transaction
        self.session = session
        self.sender = sender
        self.kind = kind
    }

    /// What a message says.
    public enum Kind: Hashable, Sendable {
        /// The request succeeded: `id` is a created session's or attached handle's, `plugin` a
        /// synchronous plugin answer (a VideoRoom `list` or `listparticipants`).
        case success(id: JanusID?, plugin: VideoRoomMessage?)
        /// The request was received; its answer comes as an event.
        case ack
        /// The request failed, or the plugin refused it.
        case error(code: Int, reason: String)
        /// A plugin event, with a session description when Janus offers or answers.
        case event(plugin: VideoRoomMessage?, jsep: Jsep?)
        /// The handle's peer connection is up (ICE and DTLS done).
        case webrtcUp
        /// Janus started or stopped receiving a kind of media ("audio", "video") on `mid`.
        case media(type: String, mid: String?, receiving: Bool)
        /// The handle's peer connection is gone.
        case hangup(reason: String)
        /// Janus saw packet loss on the handle (`uplink`: what it receives).
        case slowLink(uplink: Bool, lost: Int)
        /// An ICE candidate of Janus's side.
        case trickle(TrickleCandidate)
        /// The handle was detached.
        case detached
        /// The session timed out: it no longer exists on the server.
        case timeout
        /// Nothing happened during a long poll.
        case keepalive
        /// A message kind FloatApp does not use (Janus's API grows); ignored.
        case other(String)
    }
}
