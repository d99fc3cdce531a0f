import EngineTerms
import Rooms

extension AppState {
    /// The media controls' view of the app; without a track while no room is open (the app
    /// then gives up its media player name).
    public var media: MediaState {
        guard let id = session.openRoomID, let room = self.room(id), let open = rooms[id] else { return MediaState() }
        var artist: String?
        if case .call(let participants) = room.media {
            let speaker = session.activeSpeaker.current ?? 0
            artist = participants.indices.contains(speaker) ? participants[speaker].name : nil
        }
        return MediaState(track: MediaState.Track(id: id, title: room.title, artist: artist),
                          status: open.paused ? .paused : .playing, volume: open.roundedVolume)
    }

    /// Routes an action to the media controls and maps their effects: the one place they become
    /// the app's.
    mutating func sendMedia(_ action: MediaControls.Action) -> [AppEffect] {
        mediaControls.send(action).map { effect in
            switch effect {
            case .start(let state): .startMediaControls(state)
            case .update(let state): .updateMediaControls(state)
            case .stop: .stopMediaControls
            }
        }
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

    /// Pauses or resumes the open room. Paused, its pictures are not presented and its sound is
    /// silent. A live room's sources stay connected and keep decoding in real time: a resume
    /// shows live frames, not the moment of the pause. A recording is held where it paused and
    /// goes on from there (D8); a resume lets go of any hold, whatever the room became since.
    private mutating func setPaused(_ paused: Bool) -> [AppEffect] {
        guard let id = session.openRoomID, var room = rooms[id], room.paused != paused else { return [] }
        room.paused = paused
        rooms[id] = room
        let hold: AppEffect? = !paused || room.recording != nil ? .holdPlayback(id, held: paused) : nil
        return [audioEffect(id), hold, .stats(.paused(id, paused: paused))].compactMap { $0 }
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
