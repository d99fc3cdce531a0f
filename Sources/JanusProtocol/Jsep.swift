/// A session description Janus and a peer exchange with a request or an event: an offer or an
/// answer, with its SDP text.
public struct Jsep: Hashable, Sendable {
    /// Which side of the negotiation the description is.
    public enum Kind: String, Hashable, Sendable {
        case offer, answer
    }

    /// Offer or answer.
    public var type: Kind
    /// The SDP text.
    public var sdp: String

    /// Creates a description.
    public init(type: Kind, sdp: String) {
        self.type = type
        self.sdp = sdp
    }
}

/// Janus's 64-bit identifiers: sessions, handles, rooms, participants (feeds) and private ids.
public typealias JanusID = UInt64
