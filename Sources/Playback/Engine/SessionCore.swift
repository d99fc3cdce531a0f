import Foundation

/// The state one session shares between the app's threads, its worker threads and the audio
/// mixer. Every stored property below `condition` is guarded by it; nobody holds it while
/// decoding, converting or doing I/O.
final class SessionCore: @unchecked Sendable {
    /// Where the current connection is.
    enum Phase: Equatable {
        /// Opening the source (or waiting to retry).
        case opening
        /// Opened; filling the queues before the clock starts.
        case buffering
        /// The clock runs.
        case playing
    }

    /// Decoded video frames kept ahead of the clock.
    static let videoQueueLimit = 3
    /// Seconds of audio (and of compressed video) the demuxer reads ahead.
    static let readAhead = 0.5
    /// Seconds of audio buffered before the clock starts.
    static let audioPrebuffer = 0.1
    /// How long a waiting worker sleeps before it looks at the clock again.
    static let pollInterval = 0.01

    let condition = NSCondition()
    let interrupt = InterruptFlag()
    let options: PlaybackOptions

    var status: PlaybackStatus = .connecting
    private var notifiedStatus: PlaybackStatus = .connecting
    var statusHandler: (@Sendable (PlaybackStatus) -> Void)?
    var openHandler: (@Sendable (Int) -> Void)?
    var openCount = 0
    var workerRunning = true

    var phase = Phase.opening
    var hasVideoStream = false
    var hasAudioStream = false
    var videoDrained = false
    var audioDrained = false
    var lastDecodedVideoPts: Double?

    var outputBox: (width: Int, height: Int)?
    var videoEnabled = true
    var muted = false
    var volume: Float = 1
    var sourceSize: (width: Int, height: Int)?

    var clock = PlaybackClock()
    var frames: [VideoFrame] = []
    var current: VideoFrame?
    var currentHandedOut = false
    var lastPresentedPts: Double?
    var counters = PlaybackCounters()
    var nextSerial = 0

    var ring: AudioRing
    var levelMeanSquare: Float = 0
    var videoPackets = PacketQueue()

    init(options: PlaybackOptions) {
        self.options = options
        ring = AudioRing(rate: options.audioSampleRate, channels: options.audioChannels, seconds: 2)
        frames.reserveCapacity(Self.videoQueueLimit + 1)
    }

    /// Runs `body` with the lock held.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    /// Sleeps (lock held) until signalled or `seconds` pass.
    func waitLocked(_ seconds: Double = SessionCore.pollInterval) {
        _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
    }

    var isClosed: Bool { interrupt.isInterrupted }

    /// Calls the status handler if the status changed since the last call; never with the lock held.
    func publishStatus() {
        let (changed, handler): (PlaybackStatus?, (@Sendable (PlaybackStatus) -> Void)?) = locked {
            guard status != notifiedStatus else { return (nil, nil) }
            notifiedStatus = status
            return (status, statusHandler)
        }
        if let changed { handler?(changed) }
    }

    /// Sets the status and tells the handler.
    func setStatus(_ new: PlaybackStatus) {
        locked { status = new }
        publishStatus()
    }

    // MARK: Clock and presentation (lock held)

    /// Moves the presentation forward to `now`: makes the newest due frame current, and drops
    /// audio the clock has passed when no mixer consumes it. Returns the clock, nil if stopped.
    @discardableResult
    func advanceLocked(now: Double) -> Double? {
        guard phase == .playing, let time = clock.time(now: now) else { return nil }
        var advanced = false
        while let head = frames.first, head.pts <= time + 0.002 {
            if current != nil && !currentHandedOut { counters.dropped += 1 }
            current = head
            currentHandedOut = false
            frames.removeFirst()
            advanced = true
        }
        if let head = frames.first, head.pts > time + 2, !clock.isAudioDriven(now: now) {
            clock.start(at: head.pts, now: now)
        }
        if !clock.isAudioDriven(now: now) {
            let stale = ring.frames(before: time)
            if stale > 0 { noteLevel(ring.take(stale, into: nil, gain: 0), frames: stale) }
        }
        if advanced { condition.broadcast() }
        return time
    }

    /// Starts the clock once the queues hold enough to play smoothly.
    func startIfReadyLocked(now: Double) {
        guard phase == .buffering else { return }
        let videoReady = !hasVideoStream || !frames.isEmpty || videoDrained
            || (!videoEnabled && lastDecodedVideoPts != nil)
        let audioReady = !hasAudioStream || ring.duration >= Self.audioPrebuffer || audioDrained
        let videoFull = frames.count >= Self.videoQueueLimit
        guard (videoReady && audioReady) || videoFull else {
            status = .buffering(percent: hasAudioStream
                ? min(99, Int(ring.duration / Self.audioPrebuffer * 100)) : nil)
            return
        }
        let start = frames.first?.pts ?? ring.headPts ?? lastDecodedVideoPts ?? 0
        let early = ring.frames(before: start)
        if early > 0 { ring.drop(early) }
        clock.start(at: start, now: now)
        phase = .playing
        status = .playing
        condition.broadcast()
    }

    /// Folds the squares of `frames` removed audio frames into the level meter.
    func noteLevel(_ squares: Float, frames: Int) {
        guard frames > 0 else { return }
        let mean = squares / Float(frames * ring.channels)
        let seconds = Double(frames) / Double(ring.rate)
        let alpha = Float(1 - exp(-seconds / 0.1))
        levelMeanSquare += alpha * (mean - levelMeanSquare)
    }

    // MARK: Audio output (audio thread)

    /// Adds this session's next `frameCount` frames into `output` (interleaved, `channels` per
    /// frame at `rate`), applying mute and volume, and advances the clock. Never blocks for long.
    func mix(into output: UnsafeMutablePointer<Float>, frameCount: Int, channels: Int, rate: Int, now: Double) {
        condition.lock()
        defer { condition.unlock() }
        guard phase == .playing, hasAudioStream, rate == ring.rate, channels == ring.channels,
              let time = clock.time(now: now) else { return }
        let chunk = Double(frameCount) / Double(rate)
        guard let head = ring.headPts else { return }
        if head > time + chunk && head < time + 1 {
            clock.audioConsumed(from: time, duration: chunk, now: now)
        } else {
            let taken = min(frameCount, ring.count)
            let squares = ring.take(taken, into: output, gain: muted ? 0 : volume)
            noteLevel(squares, frames: taken)
            clock.audioConsumed(from: head, duration: Double(taken) / Double(rate), now: now)
        }
        condition.broadcast()
    }

    // MARK: Connections

    /// Forgets the previous connection's queues and clock; keeps the last frame on screen.
    func resetForConnectionLocked() {
        phase = .opening
        frames.removeAll(keepingCapacity: true)
        videoPackets.clear()
        ring.clear()
        clock.stop()
        hasVideoStream = false
        hasAudioStream = false
        videoDrained = false
        audioDrained = false
        lastDecodedVideoPts = nil
        condition.broadcast()
    }
}
