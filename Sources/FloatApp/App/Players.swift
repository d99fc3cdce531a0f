import AppCore
import CSDL
import Logging
import Playback
import Rooms

/// The open rooms' source players and the sound output they mix into.
@MainActor
final class Players {
    private(set) var players: [RoomID: RoomPlayer] = [:]
    let mixer = AudioMixer()
    private var audio: AudioOutput?
    /// The room `--exit-on-end` waits for: its sources end rather than reconnect, so the app can
    /// quit at its end. Every other source is a recording or live as its open finds it (D8).
    let endingRoom: RoomID?
    /// What a source player calls to wake the loop for a new frame.
    let waker: LoopWaker
    /// Where pictures are scaled: on the decoding thread, or by a GPU renderer (D9); set once
    /// the main window's renderer is known.
    var scaling = PlaybackOptions.Scaling.beforeQueue
    /// A room's playback started before the first window, held until an open takes it over,
    /// with the scaling it was started with (before the renderer was known).
    private var early: (player: RoomPlayer, scaling: PlaybackOptions.Scaling)?

    init(endingRoom: RoomID?, waker: LoopWaker) {
        self.endingRoom = endingRoom
        self.waker = waker
    }

    /// Opens the sound device, when there is one.
    func startAudio() {
        guard SDLRuntime.hasAudio else { return }
        let mixer = self.mixer
        do {
            audio = try AudioOutput { buffer, frames in mixer.render(into: buffer, frameCount: frames) }
        } catch {
            Log.warn(DesktopFailure.noAudioDevice("\(error)").words)
        }
    }

    func stopAudio() {
        audio = nil
    }

    /// Starts a room's playback, replacing any running one of the same room; a live source's
    /// queued sound is bounded by `delayLimit` seconds (nil: unbounded). The playback started
    /// early for the same room with no bound and the same scaling (``startEarly(_:)``) is taken
    /// over and let go.
    func open(_ room: Room, delayLimit: Double?) -> RoomPlayer {
        players[room.id]?.close()
        if let early, early.player.room == room, delayLimit == nil, early.scaling == scaling {
            self.early = nil
            players[room.id] = early.player
            early.player.setHeld(false)
            return early.player
        }
        dropEarly()
        let player = makePlayer(room, delayLimit: delayLimit)
        players[room.id] = player
        return player
    }

    /// Starts `room`'s playback before the first window (``AppState/playbackBeforeWindow(_:openRoom:)``),
    /// held: its source opens, probes and decodes its first pictures while the app starts, and
    /// nothing is played or dropped until ``open(_:delayLimit:)`` takes it over.
    func startEarly(_ room: Room) {
        let player = makePlayer(room, delayLimit: nil)
        player.setHeld(true)
        early = (player, scaling)
    }

    /// Closes the playback started early when no open took it over.
    func dropEarly() {
        early?.player.close()
        early = nil
    }

    private func makePlayer(_ room: Room, delayLimit: Double?) -> RoomPlayer {
        let options = PlaybackOptions(liveness: room.id == endingRoom ? .recorded : .decidedOnOpen, liveDelayLimit: delayLimit,
                                      scaling: scaling)
        return RoomPlayer(room: room, mixer: mixer, options: options, observers: frameWakeObservers())
    }

    /// Opens one source of an open room again from scratch.
    func reopen(_ id: RoomID, source: Int) {
        guard let player = players[id], player.sourcePlayers.indices.contains(source) else { return }
        player.reopen(source)
    }

    /// Observers that let a source player wake the loop when a frame becomes due while none was
    /// queued, from any thread.
    private func frameWakeObservers() -> PlaybackObservers {
        let waker = self.waker
        return PlaybackObservers(onFrameQueued: { waker.wake() })
    }

    /// Stops a room's playback; returns the player that was stopped.
    func close(_ id: RoomID) -> RoomPlayer? {
        guard let player = players.removeValue(forKey: id) else { return nil }
        player.close()
        return player
    }
}
