import AppCore
import EngineTerms
import PiPLayout
import Playback
import Rooms
import Session

/// The playback of one open room: one player for a live room, one per
/// participant for a call (D1). Shared by the full view and the float.
@MainActor
final class RoomPlayer {
    let room: Room
    private(set) var sourcePlayers: [SourcePlayer]
    private var sources: [SourceSpec]
    private let options: PlaybackOptions
    private let observers: PlaybackObservers
    private let mixer: AudioMixer
    /// Where a Janus call's participants are played from (their pictures and sound are pushed).
    private let janusFeeds: JanusFeedPlayers

    init(room: Room, mixer: AudioMixer, options: PlaybackOptions, observers: PlaybackObservers, janusFeeds: JanusFeedPlayers) {
        self.room = room
        self.mixer = mixer
        self.janusFeeds = janusFeeds
        switch room.media {
        case .live(let source): sources = [source]
        case .call(let participants): sources = participants.map(\.source)
        }
        self.options = options
        self.observers = observers
        sourcePlayers = []
        sourcePlayers = sources.map(makePlayer)
        for s in sourcePlayers { mixer.add(s) }
    }

    /// A player for `source`: a Janus call participant's is fed by the call's subscription
    /// (R8), any other source is opened with FFmpeg.
    private func makePlayer(_ source: SourceSpec) -> SourcePlayer {
        if let tag = JanusFeedPlayers.tag(ofSource: source.text) {
            return janusFeeds.make(tag: tag, options: options, observers: observers)
        }
        return SourcePlayer(source: source.text, options: options, observers: observers)
    }

    /// Replaces source `index`'s player with a new one opening it from scratch, keeping the
    /// room's mute and volume.
    func reopen(_ index: Int) {
        let old = sourcePlayers[index]
        mixer.remove(old)
        old.close()
        let player = makePlayer(sources[index])
        player.isMuted = old.isMuted
        player.volume = old.volume
        sourcePlayers[index] = player
        mixer.add(player)
    }

    /// A joined call's others are now `participants` (W10): each one still there keeps their
    /// player (matched by source), a new one gets a player of their own, and the players
    /// of those who left are closed, with the room's mute and volume kept.
    func update(_ participants: [Participant]) {
        let muted = sourcePlayers.first?.isMuted ?? false, volume = sourcePlayers.first?.volume ?? 1
        var kept: [SourcePlayer] = []
        for participant in participants {
            if let index = sources.firstIndex(of: participant.source) {
                kept.append(sourcePlayers[index])
            } else {
                let player = makePlayer(participant.source)
                player.isMuted = muted
                player.volume = volume
                mixer.add(player)
                kept.append(player)
            }
        }
        let gone = sourcePlayers.filter { player in !kept.contains { $0 === player } }
        for player in gone { mixer.remove(player) }
        SourcePlayer.close(gone)
        sourcePlayers = kept
        sources = participants.map(\.source)
    }

    /// Cuts a reconnect's wait short: the source is known to be back (D4).
    func retryNow() {
        for s in sourcePlayers { s.retryNow() }
    }

    /// Stops every player and removes its audio.
    func close() {
        for s in sourcePlayers { mixer.remove(s) }
        SourcePlayer.close(sourcePlayers)
    }

    /// Sets every player's mute and volume.
    func setAudio(muted: Bool, volume: Float) {
        for s in sourcePlayers {
            s.isMuted = muted
            s.volume = volume
        }
    }

    /// Holds every source where it is, or lets them go on (a paused recording, D8).
    func setHeld(_ held: Bool) {
        for s in sourcePlayers { s.setHeld(held) }
    }

    /// What each player reports now, for the app state.
    var reports: [SourceReport] {
        sourcePlayers.map { s in
            SourceReport(status: s.status, opens: s.openCount, level: Double(s.audioLevel),
                         videoSize: s.videoSize.map { Size(width: Double($0.width), height: Double($0.height)) },
                         remote: s.callSending, title: s.title, duration: s.duration, position: s.position)
        }
    }

    /// Each player's totals, for the stats log.
    func counters() -> [StatsEvent] {
        sourcePlayers.indices.map { .counters(room.id, source: $0, totals($0)) }
    }

    /// Source `index`'s totals now.
    func totals(_ index: Int) -> StatsEvent.Counters {
        let s = sourcePlayers[index]
        let c = s.counters
        return .init(opens: s.openCount, decoded: c.decoded, converted: c.converted, presented: c.presented,
                     dropped: c.dropped, economy: c.economyFrames, scalerBuilds: c.scalerBuilds,
                     nonKey: c.nonKeyDecoded, stills: c.stills, queued: c.queued)
    }

    /// Sets source `index`'s video demand; returns the stats line saying so.
    func setDemand(_ index: Int, _ demand: VideoDemand) -> StatsEvent {
        let event = StatsEvent.demand(room.id, source: index, demand, before: totals(index))
        sourcePlayers[index].setVideoDemand(demand)
        return event
    }
}
