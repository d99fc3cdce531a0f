import JanusProtocol

/// A handle's events in what Janus sent unasked (one VideoRoom event may carry several).
enum HandleEvents {
    static func events(of message: JanusMessage) -> [VideoRoomHandleEvent] {
        switch message.kind {
        case .event(let plugin?, let jsep): return pluginEvents(plugin, jsep: jsep)
        case .webrtcUp: return [.webrtcUp]
        case .media(let type, let mid, let receiving): return [.media(type: type, mid: mid, receiving: receiving)]
        case .slowLink(let uplink, let lost): return [.slowLink(uplink: uplink, lost: lost)]
        case .trickle(let candidate): return [.trickle(candidate)]
        case .hangup(let reason): return [.hangup(reason: reason)]
        case .detached: return [.detached]
        default: return []
        }
    }

    private static func pluginEvents(_ plugin: VideoRoomMessage, jsep: Jsep?) -> [VideoRoomHandleEvent] {
        switch plugin {
        case .event(_, let event): return roomEvents(event)
        case .talking(_, let id, _): return [.talking(id, true)]
        case .stoppedTalking(_, let id, _): return [.talking(id, false)]
        case .updated(_, let streams), .attached(_, let streams):
            guard let jsep, jsep.type == .offer else { return [] }
            return [.offer(VideoRoomSubscription(offer: jsep, streams: streams))]
        default: return []
        }
    }

    private static func roomEvents(_ event: VideoRoomEvent) -> [VideoRoomHandleEvent] {
        var events: [VideoRoomHandleEvent] = []
        if !event.publishers.isEmpty { events.append(.publishersJoined(event.publishers)) }
        if let joining = event.joining { events.append(.participantJoined(joining)) }
        switch event.unpublished {
        case .participant(let id): events.append(.unpublished(id))
        case .me: events.append(.removed)
        case nil: break
        }
        switch event.leaving {
        case .participant(let id): events.append(.left(id))
        case .me: events.append(.removed)
        case nil: break
        }
        if event.configured { events.append(.configured) }
        if let error = event.error { events.append(.error(error)) }
        return events
    }
}
