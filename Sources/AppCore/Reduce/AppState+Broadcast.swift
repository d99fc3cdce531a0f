import EngineTerms
import Rooms

/// Going live from a host room (W2, W6): the Go live control, the publisher's figures, Stop.
extension AppState {
    /// Go live, or Stop when the room is live. Only an open host room with a broadcast
    /// destination goes live; its own playback closes, since the preview comes from the capture.
    mutating func goLiveToggled(_ id: RoomID, now: Double) -> [AppEffect] {
        guard let room = self.room(id), room.role == .host, let destination = room.broadcast,
              session.openRoomID == id, case .live(let source) = room.media else { return [] }
        if broadcast?.room == id {
            broadcast = nil
            return [.stopBroadcast(id), .stats(.broadcast(id, phase: "stopped")), .log(.info, "\(id) stopped broadcasting")]
                + openPlayback(room, now: now)
        }
        broadcast = BroadcastState(room: id)
        return [.closePlayback(id), .resetMainVideo, .stats(.broadcast(id, phase: "connecting")),
                .startBroadcast(id, source: source.text, broadcast: destination),
                .log(.info, "\(id) goes live to \(destination.publishURL)")]
    }

    /// The publisher's figures as polled now.
    mutating func broadcastPolled(_ id: RoomID, _ report: BroadcastReport) -> [AppEffect] {
        guard broadcast?.room == id, broadcast?.report != report else { return [] }
        let before = broadcast?.report.phase
        broadcast?.report = report
        guard before?.label != report.phase.label else { return [] }
        return [.log(.info, "\(id) broadcast: \(report.line)"), .stats(.broadcast(id, phase: report.phase.label))]
    }
}
