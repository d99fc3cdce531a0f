import AppCore
import EngineTerms
import PiPLayout
import Playback
import Rooms
import Session

/// The playback of one open room: one session for a live room, one per
/// participant for a call (D1). Shared by the full view and the float.
@MainActor
final class RoomPlayer {
    let room: Room
    private(set) var sessions: [PlaybackSession]
    private var sources: [SourceSpec]
    private let options: PlaybackOptions
    private let observers: PlaybackObservers
    private let mixer: AudioMixer

    init(room: Room, mixer: AudioMixer, options: PlaybackOptions, observers: PlaybackObservers) {
        self.room = room
        self.mixer = mixer
        switch room.media {
        case .live(let source): sources = [source]
        case .call(let participants): sources = participants.map(\.source)
        }
        self.options = options
        self.observers = observers
        sessions = sources.map { [options] in PlaybackSession(source: $0.text, options: options, observers: observers) }
        for s in sessions { mixer.add(s) }
    }

    /// Replaces source `index`'s session with a new one opening it from scratch, keeping the
    /// room's mute and volume.
    func reopen(_ index: Int) {
        let old = sessions[index]
        mixer.remove(old)
        old.close()
        let session = PlaybackSession(source: sources[index].text, options: options, observers: observers)
        session.isMuted = old.isMuted
        session.volume = old.volume
        sessions[index] = session
        mixer.add(session)
    }

    var isCall: Bool { room.kind == .call }

    /// A joined call's others are now `participants` (W10): each one still there keeps their
    /// session (matched by source), a new one gets a session of their own, and the sessions
    /// of those who left are closed, with the room's mute and volume kept.
    func update(_ participants: [Participant]) {
        let muted = sessions.first?.isMuted ?? false, volume = sessions.first?.volume ?? 1
        var kept: [PlaybackSession] = []
        for participant in participants {
            if let index = sources.firstIndex(of: participant.source) {
                kept.append(sessions[index])
            } else {
                let session = PlaybackSession(source: participant.source.text, options: options, observers: observers)
                session.isMuted = muted
                session.volume = volume
                mixer.add(session)
                kept.append(session)
            }
        }
        let gone = sessions.filter { session in !kept.contains { $0 === session } }
        for session in gone { mixer.remove(session) }
        PlaybackSession.close(gone)
        sessions = kept
        sources = participants.map(\.source)
    }

    /// Cuts a reconnect's wait short: the source is known to be back (D4).
    func retryNow() {
        for s in sessions { s.retryNow() }
    }

    /// Stops every session and removes its audio.
    func close() {
        for s in sessions { mixer.remove(s) }
        PlaybackSession.close(sessions)
    }

    /// Sets every session's mute and volume.
    func setAudio(muted: Bool, volume: Float) {
        for s in sessions {
            s.isMuted = muted
            s.volume = volume
        }
    }

    /// What each session reports now, for the app state.
    var reports: [SourceReport] {
        sessions.map { s in
            SourceReport(status: s.status, opens: s.openCount, level: Double(s.audioLevel),
                         videoSize: s.videoSize.map { Size(width: Double($0.width), height: Double($0.height)) },
                         remote: s.callSending)
        }
    }

    /// Each session's totals, for the stats log.
    func counters() -> [StatsEvent] {
        sessions.indices.map { .counters(room.id, source: $0, totals($0)) }
    }

    /// Source `index`'s totals now.
    func totals(_ index: Int) -> StatsEvent.Counters {
        let s = sessions[index]
        let c = s.counters
        return .init(opens: s.openCount, decoded: c.decoded, converted: c.converted, presented: c.presented,
                     dropped: c.dropped, economy: c.economyFrames, scalerBuilds: c.scalerBuilds,
                     nonKey: c.nonKeyDecoded, stills: c.stills, queued: c.queued)
    }

    /// Sets source `index`'s video demand; returns the stats line saying so.
    func setDemand(_ index: Int, _ demand: VideoDemand) -> StatsEvent {
        let event = StatsEvent.demand(room.id, source: index, demand, before: totals(index))
        sessions[index].setVideoDemand(demand)
        return event
    }
}
