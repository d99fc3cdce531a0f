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
    /// The players of a joined Janus call's participants, fed by its subscriptions (R8).
    let janusFeeds = JanusFeedPlayers()
    private var audio: AudioOutput?
    /// The room `--exit-on-end` waits for: its sources end rather than reconnect, so the app can
    /// quit at its end. Every other source is a recording or live as its open finds it (D8).
    let endingRoom: RoomID?
    /// What a source player calls to wake the loop for a new frame.
    let waker: LoopWaker
    /// Where pictures are scaled: on the decoding thread, or by a GPU renderer (D9).
    let scaling: PlaybackOptions.Scaling

    init(endingRoom: RoomID?, waker: LoopWaker, scaling: PlaybackOptions.Scaling) {
        self.endingRoom = endingRoom
        self.waker = waker
        self.scaling = scaling
    }

    /// Opens the sound device, when there is one.
    func startAudio() {
        guard SDLRuntime.hasAudio else { return }
        let mixer = self.mixer
        do {
            let output = try AudioOutput { buffer, frames in mixer.render(into: buffer, frameCount: frames) }
            mixer.setOutputLead(output.clockLead)
            audio = output
        } catch {
            Log.warn(DesktopFailure.noAudioDevice("\(error)").words)
        }
    }

    func stopAudio() {
        audio = nil
    }

    /// Starts a room's playback, replacing any running one of the same room; a live source's
    /// queued sound is bounded by `delayLimit` seconds (nil: unbounded).
    func open(_ room: Room, delayLimit: Double?) -> RoomPlayer {
        players[room.id]?.close()
        var options = PlaybackOptions(liveness: room.id == endingRoom ? .recorded : .decidedOnOpen, liveDelayLimit: delayLimit,
                                      scaling: scaling)
        // A Janus call's participants are stamped as they arrive: their pictures wait for
        // their sound to get through the device.
        options.pushedPictureHold = audio?.calibratedDelay ?? 0
        let player = RoomPlayer(room: room, mixer: mixer, options: options, observers: frameWakeObservers(), janusFeeds: janusFeeds)
        players[room.id] = player
        return player
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
