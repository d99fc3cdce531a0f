/// What the VideoRoom plugin says (`plugindata.data`).
public enum VideoRoomMessage: Hashable, Sendable {
    /// This handle joined `room` as publisher `id`; `publishers` are those already there.
    case joined(room: JanusID, id: JanusID, privateId: JanusID?, publishers: [VideoRoomPublisher])
    /// Something changed in the room, or a request was answered.
    case event(room: JanusID?, VideoRoomEvent)
    /// Publisher `id` started talking (`level`: the average audio level, dBov, if given).
    case talking(room: JanusID?, id: JanusID, level: Double?)
    /// Publisher `id` stopped talking.
    case stoppedTalking(room: JanusID?, id: JanusID, level: Double?)
    /// A subscriber handle is attached to `room`; Janus's offer comes with it.
    case attached(room: JanusID, streams: [SubscriberStream])
    /// A subscription was updated; a new offer comes with it.
    case updated(room: JanusID?, streams: [SubscriberStream])
    /// The answer to `list`: the public rooms.
    case list([VideoRoomSummary])
    /// The answer to `listparticipants`.
    case participants(room: JanusID, [VideoRoomParticipant])
    /// The room was destroyed.
    case destroyed(room: JanusID)
    /// A plugin answer FloatApp does not use (`videoroom` says which); ignored.
    case other(String)
}

/// The changes one VideoRoom `event` carries (most carry one).
public struct VideoRoomEvent: Hashable, Sendable {
    /// Publishers that started publishing.
    public var publishers: [VideoRoomPublisher] = []
    /// A participant that joined without publishing yet (rooms that notify joiners).
    public var joining: VideoRoomParticipant?
    /// The publisher that stopped publishing, or this handle itself.
    public var unpublished: Departure?
    /// The participant that left, or this handle itself.
    public var leaving: Departure?
    /// A `configure` was applied.
    public var configured = false
    /// A subscription started.
    public var started = false
    /// A subscription or a publisher left.
    public var left = false
    /// The plugin refused a request.
    public var error: VideoRoomError?

    /// An event with nothing in it.
    public init() {}
}

/// Who a departure is about.
public enum Departure: Hashable, Sendable {
    /// The handle that receives the event.
    case me
    /// Another participant.
    case participant(JanusID)
}

/// The plugin's refusal of a request: code and reason.
public struct VideoRoomError: Hashable, Sendable {
    /// Janus's VideoRoom error code (426: no such room, 432: room full, …).
    public var code: Int
    /// Janus's words.
    public var reason: String

    /// The code of a request naming a room the VideoRoom does not have.
    public static let noSuchRoom = 426

    /// Creates a refusal.
    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// A publisher in a room: a participant sending media.
public struct VideoRoomPublisher: Hashable, Sendable {
    /// Its feed id.
    public var id: JanusID
    /// Its display name, if it gave one.
    public var display: String?
    /// True while its audio level says it talks (rooms with audio-level events).
    public var talking: Bool
    /// Its media streams.
    public var streams: [PublisherStream]

    /// Creates a publisher.
    public init(id: JanusID, display: String?, talking: Bool = false, streams: [PublisherStream] = []) {
        self.id = id
        self.display = display
        self.talking = talking
        self.streams = streams
    }
}

/// One media stream a publisher sends.
public struct PublisherStream: Hashable, Sendable {
    /// "audio", "video" or "data".
    public var type: String
    /// Its media id in the publisher's SDP.
    public var mid: String?
    /// The codec, if Janus said ("opus", "vp8", "h264").
    public var codec: String?
    /// True when the stream is switched off.
    public var disabled: Bool

    /// Creates a stream.
    public init(type: String, mid: String?, codec: String?, disabled: Bool = false) {
        self.type = type
        self.mid = mid
        self.codec = codec
        self.disabled = disabled
    }
}

/// One stream of a subscription: which publisher's (feed) media arrives on which mid.
public struct SubscriberStream: Hashable, Sendable {
    /// The media id in Janus's offer to the subscriber.
    public var mid: String
    /// "audio", "video" or "data".
    public var type: String
    /// The publisher it carries, if any.
    public var feed: JanusID?
    /// The publisher's display name, if given.
    public var feedDisplay: String?
    /// False when the stream is inactive (its publisher left).
    public var active: Bool

    /// Creates a stream.
    public init(mid: String, type: String, feed: JanusID?, feedDisplay: String?, active: Bool = true) {
        self.mid = mid
        self.type = type
        self.feed = feed
        self.feedDisplay = feedDisplay
        self.active = active
    }
}

/// A room in the answer to `list`.
public struct VideoRoomSummary: Hashable, Sendable {
    /// The room's number.
    public var room: JanusID
    /// Its description, if any.
    public var description: String?
    /// How many are in it.
    public var participantCount: Int

    /// Creates a summary.
    public init(room: JanusID, description: String?, participantCount: Int) {
        self.room = room
        self.description = description
        self.participantCount = participantCount
    }
}

/// A participant in the answer to `listparticipants`, or one joining.
public struct VideoRoomParticipant: Hashable, Sendable {
    /// Its id (its feed, when it publishes).
    public var id: JanusID
    /// Its display name, if it gave one.
    public var display: String?
    /// True while it publishes.
    public var publisher: Bool
    /// True while it talks.
    public var talking: Bool

    /// Creates a participant.
    public init(id: JanusID, display: String?, publisher: Bool, talking: Bool = false) {
        self.id = id
        self.display = display
        self.publisher = publisher
        self.talking = talking
    }
}
