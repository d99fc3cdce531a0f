import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// One playing source (R3), shared by every view of a room (D1): opened once, decoded on its
/// own threads, converted to the size the visible window needs (D3).
///
/// Thread-safe: every member may be called from any thread. ``takeFrame()`` is cheap enough
/// for the render loop; observers are called on a worker thread.
public final class SourcePlayer: Sendable {
    let core: PlayerCore

    /// Starts opening `source` at once on a worker thread; watch ``status``, or pass
    /// `observers` to be told of every change from the start.
    public convenience init(source: String, options: PlaybackOptions = PlaybackOptions(),
                            observers: PlaybackObservers = PlaybackObservers()) {
        self.init(source: source, options: options, observers: observers, clock: MonotonicClock())
    }

    /// A player on `clock` (a ``ManualClock`` in tests).
    package init(source: String, options: PlaybackOptions, observers: PlaybackObservers, clock: any PlayerClock) {
        FFmpegRuntime.ensureInitialized()
        core = PlayerCore(options: options, observers: observers, clock: clock)
        let body = PlayerWorker(core: core, source: source)
        NamedThread.start("floatapp.player") { body.run() }
    }

    /// A player whose pictures and sound are pushed in (``push(picture:)``, ``push(sound:)``)
    /// rather than read from a source: a call participant another engine receives (a WebRTC
    /// call's subscriber). It plays them live, as they come, through the same clock, queues and
    /// mixer as a source it opens; it says Connecting until the first arrives.
    public convenience init(pushedWith options: PlaybackOptions, observers: PlaybackObservers = PlaybackObservers()) {
        self.init(pushedWith: options, observers: observers, clock: MonotonicClock())
    }

    /// A pushed player on `clock` (a ``ManualClock`` in tests).
    package init(pushedWith options: PlaybackOptions, observers: PlaybackObservers, clock: any PlayerClock) {
        core = PlayerCore(options: options, observers: observers, clock: clock)
        core.withLock { $0.workerRunning = false }
    }

    deinit { core.requestClose() }

    /// What the player is doing now: never ``PlaybackStatus/idle``; ``PlaybackStatus/failed(_:)``
    /// only once it failed for good (a live source that fails is reconnecting instead).
    public var status: PlaybackStatus { core.withLock { $0.status } }

    /// How many times the source was opened (1 plus reconnections).
    public var openCount: Int { core.withLock { $0.openCount } }

    /// The box the visible window draws into, in pixels. Frames are converted to the largest
    /// size with the source's aspect that fits it (never larger than the source), when their
    /// pixels are first asked for; nil converts at the source size.
    public func setOutputSize(width: Int, height: Int) {
        core.withLock { $0.outputBox = width > 0 && height > 0 ? (width, height) : nil }
    }

    /// What the screen needs of the video (audio and the clock go on either way): shown, every
    /// picture is decoded and converted to fit the demand's size; hidden, the decoder decodes key
    /// frames only and converts one a second, so a recent still picture is ready when the source
    /// is shown again. Pictures stay ``VideoFrame/isStill`` after that until the first key frame
    /// decoded in full; the source is never reopened for it.
    public func setVideoDemand(_ demand: VideoDemand) {
        core.withLock { state in
            state.demand = demand
            if let size = demand.size { state.outputBox = size.width > 0 && size.height > 0 ? size : nil }
            state.wakeVideo(for: .picture)
        }
    }

    /// The newest frame due now by the player's clock (the previous one if none is newer; nil
    /// before the first), without changing anything: for a picture that is not on screen, such
    /// as a call participant about to be shown. Use ``takeFrame()`` for the one presented.
    public func peekFrame() -> VideoFrame? {
        core.withLock { state in
            guard state.phase == .playing else { return state.current }
            var clock = state.clock
            guard let time = clock.time(now: core.systemClock.now()) else { return state.current }
            return state.frames.last { $0.pts <= time + SharedState.dueTolerance } ?? state.current
        }
    }

    /// The newest frame due now by the player's clock, to be presented (the previous one if
    /// none is newer; nil before the first). Late frames are skipped, never returned late; each
    /// frame counts once in ``counters`` as presented, and a frame superseded before it was
    /// taken counts as dropped.
    public func takeFrame() -> VideoFrame? {
        core.withLock { state in
            state.advance(now: core.systemClock.now())
            if let frame = state.current, !state.currentHandedOut {
                state.currentHandedOut = true
                state.counters.presented += 1
                state.lastPresentedPts = frame.pts
            }
            return state.current
        }
    }

    /// Seconds until the next queued frame becomes due by the player's clock (0 when it is due
    /// already), or nil when no frame is queued or the clock is stopped (opening, buffering,
    /// reconnecting).
    ///
    /// Meant for a render loop that sleeps until it has something to draw: call
    /// ``takeFrame()``, then sleep this long (or until an event arrives) before calling it
    /// again. When it is nil, ``PlaybackObservers/onFrameQueued`` tells when that changes. The delay is measured
    /// on the player's clock, which follows the audio the mixer consumes, so it is as good as
    /// the moment it is read; read it again after every wake-up. Cheap: it takes the player's
    /// lock briefly and never blocks on decoding.
    public var nextFrameDelay: Double? {
        core.withLock { state in
            let now = core.systemClock.now()
            state.advance(now: now)
            return state.nextFrameDelay(now: now)
        }
    }

    /// The presentation time of the newest frame ``takeFrame()`` handed out.
    public var lastPresentedPts: Double? { core.withLock { $0.lastPresentedPts } }

    /// The source picture size with its pixel aspect applied (nil until the first picture).
    public var videoSize: (width: Int, height: Int)? { core.withLock { $0.sourceSize } }

    /// True when the current connection has a decodable audio stream.
    public var hasAudio: Bool { core.withLock { $0.hasAudioStream } }

    /// What a call participant's stream says of them (microphone muted, camera off), once it
    /// said it; nil for any other source (W10).
    public var callSending: CallSending? { core.withLock { $0.callSending } }

    /// The title the source's container gives (FFmpeg's `title` metadata of the format), once
    /// a connection opened; nil when it gives none.
    public var title: String? { core.withLock { $0.title } }

    /// The steps of the first connection reached since the last call, each with its time on the
    /// system's monotonic clock (`DispatchTime` nanoseconds), oldest first; each step once.
    public func takeStartupSteps() -> [(step: StartupStep, nanos: UInt64)] {
        core.withLock { $0.startup.take() }
    }

    /// The source's length in seconds when its open found it a recording (D8); nil for a live
    /// source, and before the first open.
    public var duration: Double? { core.withLock { $0.recordingDuration } }

    /// How far a recording has played, in seconds from its start; nil for a live source, and
    /// while the clock is stopped (opening, buffering).
    public var position: Double? { core.withLock { $0.recordingPosition(now: core.systemClock.now()) } }

    /// Holds the player where it is, or lets it go on from there: held, its clock stands still,
    /// so no picture is presented, no sound played and nothing dropped as late, and the source
    /// stays open with its queues full. A paused recording is held (D8), so it resumes where it
    /// paused; a live source is not, so it resumes at the live edge.
    public func setHeld(_ held: Bool) {
        core.withLock { $0.hold(held, now: core.systemClock.now()) }
        core.publishEvents()
    }

    /// True when the current connection has a decodable video stream.
    public var hasVideo: Bool { core.withLock { $0.hasVideoStream } }

    /// Silences the player's sound; its audio is still consumed, so the clock keeps time.
    public var isMuted: Bool {
        get { core.withLock { $0.muted } }
        set { core.withLock { $0.muted = newValue } }
    }

    /// Gain applied to the player's sound, 0...1 (values above 1 amplify).
    public var volume: Float {
        get { core.withLock { $0.volume } }
        set { core.withLock { $0.volume = max(0, newValue) } }
    }

    /// Loudness of the recently played audio in dBFS (RMS, before mute and volume; -120 when silent) (D7).
    public var audioLevel: Float {
        let meanSquare = core.withLock { $0.levelMeanSquare }
        return max(-120, 10 * log10(max(meanSquare, 1e-12)))
    }

    /// Ends a reconnection wait now: the caller knows the source is back (its server lists the
    /// stream again). Does nothing while the player is connected or connecting.
    public func retryNow() {
        core.withLock { state in
            guard case .reconnecting = state.status else { return }
            state.retryRequested = true
            state.demuxerWake.signal()
        }
    }

    /// Stops the player promptly (interrupting a connect or read in progress) and frees its
    /// decoders. Returns within about half a second even if FFmpeg is stuck in a call that
    /// cannot be interrupted; the worker then finishes on its own.
    public func close() {
        Self.close([self])
    }

    /// Closes several players at once: every one is told to stop before any is waited for,
    /// so a call's participants take at most one 0.5 s wait together, not one each.
    public static func close(_ players: [SourcePlayer]) {
        for player in players { player.core.requestClose() }
        let deadlines = players.map { $0.core.systemClock.now() + 0.5 }
        for (player, deadline) in zip(players, deadlines) {
            let core = player.core
            core.lockedLoop { state in
                state.workerRunning && core.systemClock.now() < deadline ? .sleep(.closer, until: deadline) : .done(())
            }
        }
    }

    // MARK: Test and diagnostics hooks

    /// The player's clock now (nil while stopped).
    package var clockTime: Double? { core.withLock { $0.clock.time(now: core.systemClock.now()) } }

    /// Running totals.
    package var counters: PlaybackCounters {
        let conversions = core.converter.totals
        var totals = core.withLock { $0.counters }
        totals.converted = conversions.converted
        totals.scalerBuilds = conversions.scalerBuilds
        return totals
    }

    /// True until the worker thread has finished.
    package var isWorking: Bool { core.withLock { $0.workerRunning } }

    /// True while the pictures are still ones: the decoder skipped pictures and has not decoded
    /// a key frame in full since.
    package var isAwaitingKeyFrame: Bool { core.withLock { $0.awaitingKey } }

    /// Decoded pictures waiting to be due.
    package var queuedFrames: Int { core.withLock { $0.frames.count } }

    /// Buffered audio in seconds.
    package var bufferedAudio: Double { core.withLock { $0.ring.duration } }

    /// How far the clock is behind the newest decoded picture or sound (nil while stopped or
    /// before anything was decoded): for a live source, how far playback is from the live edge.
    package var behindNewest: Double? { core.withLock { $0.behindNewest(now: core.systemClock.now()) } }
}
