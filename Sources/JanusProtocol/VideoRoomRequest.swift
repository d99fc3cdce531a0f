/// A request to Janus's VideoRoom plugin, the `body` of a `message`.
public enum VideoRoomRequest: Hashable, Sendable {
    /// The rooms that are not private.
    case list
    /// Who is in a room.
    case listParticipants(room: JanusID)
    /// Joins a room as a publisher (not yet sending) under a display name.
    case joinAsPublisher(room: JanusID, display: String)
    /// Configures the publisher: with an offer it starts publishing; `audio` and `video` say
    /// whether each is sent (false mutes it or turns the camera off, for everyone in the room).
    case configure(audio: Bool?, video: Bool?)
    /// Stops publishing but stays in the room.
    case unpublish
    /// Joins a room as a subscriber to the given publishers (feeds); `privateId` ties the
    /// subscription to the same user's publisher handle.
    case joinAsSubscriber(room: JanusID, feeds: [JanusID], privateId: JanusID?)
    /// Starts the subscription once the answer to Janus's offer is attached.
    case start
    /// Adds and removes feeds of an existing subscription (Janus sends a new offer).
    case update(subscribe: [JanusID], unsubscribe: [JanusID])
    /// Leaves the room.
    case leave
}
