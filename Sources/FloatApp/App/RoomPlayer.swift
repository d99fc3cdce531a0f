import PiPLayout
import Playback

/// The playback of one open room: one session for a live room, one per
/// participant for a call (D1). Shared by the full view and the float.
@MainActor
final class RoomPlayer {
    let room: Room
    let sessions: [PlaybackSession]
    /// App time (seconds) when the room was opened, for the elapsed clock.
    let openedAt: Double
    /// Per session, how many source opens the stats log has reported.
    var reportedOpens: [Int]
    private let mixer: AudioMixer

    init(room: Room, mixer: AudioMixer, now: Double, liveness: PlaybackOptions.Liveness, observers: PlaybackObservers) {
        self.room = room
        self.mixer = mixer
        openedAt = now
        let sources: [SourceSpec]
        switch room.media {
        case .live(let source): sources = [source]
        case .call(let participants): sources = participants.map(\.source)
        }
        let options = PlaybackOptions(liveness: liveness)
        sessions = sources.map { PlaybackSession(source: $0.text, options: options, observers: observers) }
        reportedOpens = Array(repeating: 0, count: sessions.count)
        for s in sessions {
            if room.role == .host { s.isMuted = true }
            mixer.add(s)
        }
    }

    /// Stops every session and removes its audio.
    func close() {
        for s in sessions { mixer.remove(s) }
        PlaybackSession.close(sessions)
    }

    var isCall: Bool { room.kind == .call }

    /// The room's status: a live room's session, or for a call the best of its participants.
    var status: PlaybackStatus {
        guard sessions.count > 1 else { return sessions.first?.status ?? .ended }
        let all = sessions.map(\.status)
        if all.contains(.playing) { return .playing }
        return all.first { if case .failed = $0 { return false } else { return true } } ?? all[0]
    }

    var isMuted: Bool {
        get { sessions.first?.isMuted ?? false }
        set { for s in sessions { s.isMuted = newValue } }
    }

    var volume: Float {
        get { sessions.first?.volume ?? 1 }
        set { for s in sessions { s.volume = newValue } }
    }
}
