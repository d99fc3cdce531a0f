import EngineTerms
import Rooms

/// What joining a call on a Janus server takes (R8): where, as whom, and what to send.
public struct JanusCallJoin: Equatable, Sendable {
    /// The Janus API's URL (`http://127.0.0.1:8088/janus`).
    public var api: String
    /// The VideoRoom room's number.
    public var videoRoom: UInt64
    /// The display name the others see (the rooms file's `me`).
    public var display: String
    /// The user's camera and microphone, and how they are encoded.
    public var stream: CallStream
    /// What is sent at the start (muted, camera off).
    public var sending: CallSending

    /// Creates a join.
    public init(api: String, videoRoom: UInt64, display: String, stream: CallStream, sending: CallSending) {
        self.api = api
        self.videoRoom = videoRoom
        self.display = display
        self.stream = stream
        self.sending = sending
    }
}
