import EngineTerms
import Rooms

/// Going live from a host room (W6, W9): which room may, and its own playback around the
/// broadcast (the ``Broadcasting`` child keeps the broadcast itself).
extension AppState {
    /// The host room's broadcast, while one runs.
    public var broadcast: BroadcastState? { broadcasting.live }

    /// Go live, or Stop when the room is live. Only an open host room with a broadcast
    /// destination goes live; its own playback closes, since the preview comes from the capture,
    /// and opens again at Stop.
    mutating func goLiveToggled(_ id: RoomID, now: Double) -> [AppEffect] {
        guard let room = self.room(id), room.role == .host, let destination = room.broadcast,
              session.openRoomID == id, case .live(let source) = room.media else { return [] }
        if broadcast?.room == id { return sendBroadcasting(.stop(id)) + openPlayback(room, now: now) }
        return [.closePlayback(id), .resetMainVideo] + sendBroadcasting(.goLive(id, source: source.text, destination: destination))
    }

    /// Routes an action to the broadcast and maps its effects: the one place they become the app's.
    mutating func sendBroadcasting(_ action: Broadcasting.Action) -> [AppEffect] {
        broadcasting.send(action).map { effect in
            switch effect {
            case .start(let id, let source, let broadcast): .startBroadcast(id, source: source, broadcast: broadcast)
            case .stop(let id): .stopBroadcast(id)
            case .log(let level, let message): .log(level, message)
            }
        }
    }
}
