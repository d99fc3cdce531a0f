import Rooms

/// What the desktop's media controls (MPRIS: panels, media keys, `playerctl`) asked for, in
/// the app's terms (the shell translates the bus's commands): raise the full view and the
/// main window; quit; toggle, resume (back to live) or pause (no frames, silence, the
/// connection stays); stop (leave the room, releasing the float); set the open room's volume.
public enum MediaCommand: Equatable, Sendable {
    case raise, quit, playPause, play, pause, stop
    case setVolume(Double)
}

/// What the desktop's media controls show: the open room as a track, and its playback.
public struct MediaState: Equatable, Sendable {
    /// The open room's id.
    public var roomID: RoomID
    /// The room's title.
    public var title: String
    /// The active speaker in a call; nil for a live room.
    public var artist: String?
    /// Whether the room is paused.
    public var paused: Bool
    /// The room's volume, 0...1.
    public var volume: Double

    /// Creates a media state.
    public init(roomID: RoomID, title: String, artist: String?, paused: Bool, volume: Double) {
        self.roomID = roomID
        self.title = title
        self.artist = artist
        self.paused = paused
        self.volume = volume
    }
}

extension AppState {
    /// The media controls' view of the app; nil while no room is open (the app then gives up
    /// its media player name).
    public var media: MediaState? {
        guard let id = session.openRoomID, let room = session.room(id), let open = rooms[id] else { return nil }
        var artist: String?
        if case .call(let participants) = room.media {
            let speaker = session.activeSpeaker.current ?? 0
            artist = participants.indices.contains(speaker) ? participants[speaker].name : nil
        }
        return MediaState(roomID: id, title: room.title, artist: artist, paused: open.paused, volume: open.roundedVolume)
    }

    /// Whether a room is paused by the media controls: its frames are not presented.
    public func isPaused(_ id: RoomID) -> Bool {
        rooms[id]?.paused == true
    }

    mutating func mediaCommand(_ command: MediaCommand, now: Double) -> [AppEffect] {
        switch command {
        case .raise:
            if session.floatingRoomID != nil { return send(.floatClicked, now: now) }
            return [raiseMainWindow()]
        case .quit:
            exit = 0
            return [.quit(status: 0, message: nil)]
        case .playPause: return setPaused(session.openRoomID.map { !isPaused($0) } ?? false)
        case .play: return setPaused(false)
        case .pause: return setPaused(true)
        case .stop: return send(.leaveClicked, now: now)
        case .setVolume(let volume):
            guard let id = session.openRoomID else { return [] }
            return setRoomVolume(id, Float(max(0, min(1, volume))), unmute: false)
        }
    }

    /// Pauses or resumes the open room. Paused, its pictures are not converted or presented and
    /// its sound is silent, while its sources stay connected and keep decoding in real time: a
    /// resume shows live frames, not the moment of the pause.
    private mutating func setPaused(_ paused: Bool) -> [AppEffect] {
        guard let id = session.openRoomID, var room = rooms[id], room.paused != paused else { return [] }
        room.paused = paused
        rooms[id] = room
        return [audioEffect(id), .stats(.paused(id, paused: paused))].compactMap { $0 }
    }

    /// The sound a room plays now: silent while muted or paused.
    func audioEffect(_ id: RoomID) -> AppEffect? {
        guard let room = rooms[id] else { return nil }
        return .setAudio(id, muted: room.muted || room.paused, volume: room.volume)
    }

    /// Sets a room's volume; `unmute` also unmutes it (turning the volume up does).
    mutating func setRoomVolume(_ id: RoomID, _ volume: Float, unmute: Bool) -> [AppEffect] {
        guard var room = rooms[id] else { return [] }
        let before = room
        room.volume = volume
        if unmute { room.muted = false }
        guard room != before else { return [] }
        rooms[id] = room
        let logged: AppEffect? = room.volume != before.volume ? .stats(.volume(id, volume: room.roundedVolume)) : nil
        return [audioEffect(id), logged].compactMap { $0 }
    }
}

extension OpenRoom {
    /// The volume in hundredths, as logs and media controls show it.
    public var roundedVolume: Double {
        (Double(volume) * 100).rounded() / 100
    }
}
