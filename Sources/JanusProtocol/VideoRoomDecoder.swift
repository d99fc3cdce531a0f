import Rooms

/// Reads the VideoRoom plugin's `plugindata.data`.
enum VideoRoomDecoder {
    static func message(_ data: JSONReader) throws(JanusProtocolError) -> VideoRoomMessage {
        let kind = try data.requiredString("videoroom", limit: 64)
        switch kind {
        case "joined":
            return .joined(room: try data.requiredID("room"), id: try data.requiredID("id"),
                           privateId: try data.id("private_id"), publishers: try data.list("publishers", publisher))
        case "event": return try event(data)
        case "talking", "stopped-talking":
            let id = try data.requiredID("id")
            let level = try data.double("audio-level-dBov-avg")
            let room = try data.id("room")
            return kind == "talking" ? .talking(room: room, id: id, level: level)
                : .stoppedTalking(room: room, id: id, level: level)
        case "attached":
            return .attached(room: try data.requiredID("room"), streams: try data.list("streams", subscriberStream))
        case "updated":
            return .updated(room: try data.id("room"), streams: try data.list("streams", subscriberStream))
        case "participants":
            return .participants(room: try data.requiredID("room"), try data.list("participants", participant))
        case "destroyed":
            return .destroyed(room: try data.requiredID("room"))
        case "success" where data.has("list"):
            return .list(try data.list("list", summary))
        default:
            return .other(kind)
        }
    }

    private static func event(_ data: JSONReader) throws(JanusProtocolError) -> VideoRoomMessage {
        var event = VideoRoomEvent()
        event.publishers = try data.list("publishers", publisher)
        event.joining = try data.object("joining").map(participant)
        event.unpublished = try data.departure("unpublished")
        event.leaving = try data.departure("leaving")
        event.configured = data.has("configured")
        event.started = data.has("started")
        event.left = data.has("left")
        if let code = try data.int("error_code") {
            event.error = VideoRoomError(code: code, reason: try data.string("error") ?? "")
        }
        return .event(room: try data.id("room"), event)
    }

    static func publisher(_ reader: JSONReader) throws(JanusProtocolError) -> VideoRoomPublisher {
        VideoRoomPublisher(id: try reader.requiredID("id"), display: try reader.string("display", limit: 1024),
                           talking: try reader.bool("talking") ?? false, streams: try reader.list("streams", publisherStream))
    }

    private static func publisherStream(_ reader: JSONReader) throws(JanusProtocolError) -> PublisherStream {
        PublisherStream(type: try reader.string("type", limit: 64) ?? "", mid: try reader.string("mid", limit: 64),
                        codec: try reader.string("codec", limit: 64), disabled: try reader.bool("disabled") ?? false)
    }

    private static func subscriberStream(_ reader: JSONReader) throws(JanusProtocolError) -> SubscriberStream {
        SubscriberStream(mid: try reader.requiredString("mid", limit: 64), type: try reader.string("type", limit: 64) ?? "",
                         feed: try reader.id("feed_id"), feedDisplay: try reader.string("feed_display", limit: 1024),
                         active: try reader.bool("active") ?? true)
    }

    static func participant(_ reader: JSONReader) throws(JanusProtocolError) -> VideoRoomParticipant {
        VideoRoomParticipant(id: try reader.requiredID("id"), display: try reader.string("display", limit: 1024),
                             publisher: try reader.bool("publisher") ?? false, talking: try reader.bool("talking") ?? false)
    }

    private static func summary(_ reader: JSONReader) throws(JanusProtocolError) -> VideoRoomSummary {
        let count = try reader.int("num_participants") ?? 0
        guard count >= 0 else { throw .badNumber(reader.path.appending("num_participants")) }
        return VideoRoomSummary(room: try reader.requiredID("room"), description: try reader.string("description", limit: 1024),
                                participantCount: count)
    }
}
