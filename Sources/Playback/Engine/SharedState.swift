import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// Everything a player's threads share: reachable only through ``PlayerCore/withLock(_:)``
/// and ``PlayerCore/lockedLoop(_:)``, so it is never read or written without the player's
/// lock. Nobody holds the lock while decoding, converting or doing I/O.
///
/// The worker threads never poll: each sleeps on its own condition for one reason at a time
/// (``DemuxerWait``, ``VideoWait``), and whoever changes what it waits for wakes it. Waits that
/// depend on the clock alone also carry a deadline.
struct SharedState {
    /// Where the current connection is.
    enum Phase: Equatable {
        /// Opening the source (or waiting to retry).
        case opening
        /// Opened; filling the queues before the clock starts.
        case buffering
        /// The clock runs.
        case playing
    }

    /// What the demuxer (the player's worker thread) is sleeping for.
    enum DemuxerWait: Equatable {
        /// Not sleeping.
        case none
        /// Room in the audio buffer or the compressed video queue.
        case room
        /// Everything queued to be played after the source ended.
        case drain
        /// The end of a reconnection delay (only a close cuts it short).
        case backoff
        /// A device said it has no data yet: a short timed sleep that a close cuts short.
        case deviceData
    }

    /// What the video thread is sleeping for.
    enum VideoWait: Equatable {
        /// Not sleeping.
        case none
        /// A compressed packet to decode.
        case packet
        /// Room in the frame queue, or the clock, for the picture it holds.
        case picture
    }

    /// Decoded video frames kept ahead of the clock: as many as hold ``videoQueueBytes`` of
    /// pictures at the size they are converted to, from ``videoQueueMinimum`` (pictures larger
    /// than 680 KB: 720p and up) to ``videoQueueMaximum`` (the float and call tiles).
    static let videoQueueMinimum = 3
    static let videoQueueMaximum = 8
    static let videoQueueBytes = 2 << 20
    /// The video thread decodes in bursts: once the queue is full it sleeps until the queue is
    /// down to this many frames, then fills it again picture after picture. Decoding one
    /// picture a wake-up, each on a core gone idle since the last with the decoder's reference
    /// pictures out of its caches, costs measurably more (bench/README.md); a burst starts when
    /// the queue holds as much as the single wake-up did.
    static let videoRefillMark = 2
    /// Seconds of audio (and of compressed video) the demuxer reads ahead.
    static let readAhead = 0.5
    /// Once both queues hold ``readAhead``, the demuxer sleeps until one falls below this.
    static let refillMark = 0.3
    /// Seconds of audio buffered before the clock starts.
    static let audioPrebuffer = 0.1
    /// A live source's clock (re)starts no further than this behind the newest decoded sound
    /// (or picture): what the queues hold beyond it is old and skipped.
    static let liveStartBehind = audioPrebuffer
    /// A gap in a live source's stamps longer than this (and than two frame periods) is skipped
    /// when the system clock drives the player.
    static let liveGapSkip = 0.25
    /// A frame this close to its time counts as due.
    static let dueTolerance = 0.002
    /// How long after a clock deadline a worker wakes on its own. Normally the app presenting a
    /// frame or the mixer consuming audio wakes it first; this covers players nobody watches.
    static let fallbackGrace = 0.05

    /// The demuxer thread's condition: room to read, the end drained, a close.
    let demuxerWake: WakeCondition
    /// The video thread's condition: a packet, room in the frame queue, a clock start, a close.
    let videoWake: WakeCondition
    /// Signalled when the worker thread ends (a close waits on it).
    let workerEnded: WakeCondition
    /// A live source plays at the live edge: a timestamp gap is skipped, not waited through.
    /// A recording plays everything. Set by ``decideLiveness(recording:duration:start:)`` when
    /// the options leave it to the source (D8).
    private(set) var isLive: Bool
    /// A live source's bound on queued sound (``PlaybackOptions/liveDelayLimit``), nil for none.
    private(set) var liveDelayLimit: Double?
    /// The bound the options ask for, applied while the source is live.
    private let requestedDelayLimit: Double?
    /// A recording's length in seconds (nil for a live source).
    private(set) var recordingDuration: Double?
    /// Where a recording's timestamps start, so its position counts from 0.
    private(set) var recordingStart = 0.0
    /// True while the player is held (``SourcePlayer/setHeld(_:)``): its clock stands still, so
    /// nothing is presented, played or dropped, and the queues stay full.
    private(set) var isHeld = false
    /// The media time the clock stood at when it was held (nil when it was not running).
    private var heldTime: Double?

    var status: PlaybackStatus = .connecting
    var notifiedStatus: PlaybackStatus = .connecting
    /// Set when a frame became the next one due while none was; cleared when the observer is told.
    var frameWakePending = false
    var openCount = 0
    var workerRunning = true
    /// Set by ``SourcePlayer/retryNow()``: the reconnection wait in progress ends at once.
    var retryRequested = false
    /// Set when the current connection's video thread must stop.
    var videoStopping = false
    var demuxerWait = DemuxerWait.none
    var videoWait = VideoWait.none

    var phase = Phase.opening
    var hasVideoStream = false
    var hasAudioStream = false
    var videoDrained = false
    var audioDrained = false
    /// The time of the newest decoded picture, or of the key frame a hidden source holds
    /// undecoded (nil before either, per connection).
    var lastDecodedVideoPts: Double?
    /// The time just after the newest decoded audio (nil before the first, per connection).
    var lastAudioEnd: Double?
    /// The video stream's nominal frame period.
    var videoFrameDuration = 1.0 / 30

    var outputBox: (width: Int, height: Int)?
    /// What the screen needs of the video; a hidden source decodes nothing (it holds its newest key frame).
    var demand = VideoDemand.full(width: 0, height: 0)
    /// Set when the decoder skipped a picture that later ones may refer to: until a key frame is
    /// decoded in full, pictures are still ones (or not shown at all), never presented as live.
    var awaitingKey = false
    /// The first connection's steps, for the start-up timeline.
    var startup = StartupStamps()
    /// The time of the newest still picture converted while hidden (one a second is plenty).
    var lastStillPts: Double?
    var muted = false
    var volume: Float = 1
    var sourceSize: (width: Int, height: Int)?
    /// What a call participant's stream says of them (muted, camera off), once it said it.
    var callSending: CallSending?
    /// The container's `title` metadata, once a connection opened.
    var title: String?

    var clock = PlaybackClock()
    var frames: [VideoFrame] = []
    /// How many frames the queue takes, for the size the pictures are converted to now.
    var videoQueueCapacity = SharedState.videoQueueMinimum
    /// False from when the queue filled until it is down to ``videoRefillMark``.
    var videoRefilling = true
    var current: VideoFrame?
    var currentHandedOut = false
    var lastPresentedPts: Double?
    var counters = PlaybackCounters()
    var nextSerial = 0

    var ring: AudioRing
    var levelMeanSquare: Float = 0
    var videoPackets = PacketQueue()

    init(options: PlaybackOptions, lock: Lock) {
        demuxerWake = WakeCondition(lock: lock)
        videoWake = WakeCondition(lock: lock)
        workerEnded = WakeCondition(lock: lock)
        isLive = options.liveness != .recorded
        requestedDelayLimit = options.liveDelayLimit
        liveDelayLimit = isLive ? options.liveDelayLimit : nil
        ring = AudioRing(rate: options.audioSampleRate, channels: options.audioChannels, seconds: 2)
        frames.reserveCapacity(Self.videoQueueMaximum + 1)
    }

    /// What an open found the source to be (D8): a recording of `duration` seconds whose
    /// timestamps start at `start`, or live (its duration nil).
    mutating func decideLiveness(recording: Bool, duration: Double?, start: Double) {
        isLive = !recording
        liveDelayLimit = recording ? nil : requestedDelayLimit
        recordingDuration = recording ? duration : nil
        recordingStart = start
    }

    /// How far a recording has played, in seconds from its start (nil for a live source, or
    /// while the clock is stopped).
    func recordingPosition(now: Double) -> Double? {
        var clock = self.clock
        guard let duration = recordingDuration, let time = heldTime ?? clock.time(now: now) else { return nil }
        return min(duration, max(0, time - recordingStart))
    }

    /// Holds the clock where it is, or lets it go on from there (a paused recording, D8).
    mutating func hold(_ held: Bool, now: Double) {
        guard held != isHeld else { return }
        isHeld = held
        if held {
            heldTime = clock.time(now: now)
            clock.stop()
            return
        }
        if phase == .playing, let time = heldTime { clock.start(at: time, now: now) }
        heldTime = nil
        startIfReady(now: now)
        if !frames.isEmpty { frameWakePending = true }
        wakeVideo(for: .picture)
        // A demuxer that slept for room or for the end to drain had no deadline while the clock
        // stood: it looks again and sets one on the running clock.
        if demuxerWait == .room || demuxerWait == .drain { demuxerWake.signal() }
    }

    /// True when the current connection's video thread must stop.
    func videoMustStop(closed: Bool) -> Bool { videoStopping || closed }

    /// Wakes the video thread if it sleeps for `reason`.
    func wakeVideo(for reason: VideoWait) {
        if videoWait == reason { videoWake.signal() }
    }

    /// Wakes the demuxer thread if what it sleeps for now holds.
    func wakeDemuxerIfReady() {
        let ready: Bool
        switch demuxerWait {
        case .none, .backoff, .deviceData: return
        case .room: ready = demuxerHasRoom(below: Self.refillMark)
        case .drain: ready = isDrained
        }
        if ready { demuxerWake.signal() }
    }

    /// True when the demuxer should read: a queue holds less than `mark` seconds and neither is
    /// at its hard limit.
    func demuxerHasRoom(below mark: Double) -> Bool {
        let audioEnough = !hasAudioStream || ring.duration >= mark
        return !(videoPacketsEnough(mark) && audioEnough) && !packetsHardFull && ring.duration < ringHardLimit
    }

    private func videoPacketsEnough(_ mark: Double) -> Bool {
        !hasVideoStream || videoPackets.seconds >= mark || videoPackets.count >= Int(mark * 240)
    }

    private var packetsHardFull: Bool { videoPackets.bytes >= 32 << 20 || videoPackets.count >= 600 }

    /// Seconds of audio at which the ring counts as full whatever the video queue holds.
    private var ringHardLimit: Double { Double(ring.capacityFrames) / Double(ring.rate) - 0.3 }

    /// True once the source ended and every queued frame and sample was played.
    var isDrained: Bool { videoDrained && frames.isEmpty && ring.count == 0 && phase == .playing }

    /// When the demuxer, waiting for room, should look again by itself: once the clock has played
    /// the audio buffer down to where reading resumes, the refill mark or (when the video queue
    /// is short) the ring's hard limit. Nil when only another thread can make room.
    mutating func demuxerRoomDeadline(now: Double) -> Double? {
        let level = videoPacketsEnough(Self.refillMark) ? Self.refillMark : ringHardLimit
        guard phase == .playing, !packetsHardFull, let time = clock.time(now: now),
              let end = ring.endPts, ring.duration >= level else { return nil }
        return now + max(0, end - level - time) + Self.fallbackGrace
    }

    /// When the demuxer, waiting for the end to drain, should look again by itself: when the next
    /// frame is due or the buffered audio has been played.
    mutating func drainDeadline(now: Double) -> Double? {
        guard phase == .playing, let time = clock.time(now: now) else { return nil }
        let delays = [frames.first.map { $0.pts - time }, ring.endPts.map { $0 - time }].compactMap { $0 }
        guard let soonest = delays.min() else { return nil }
        return now + max(0, soonest) + Self.fallbackGrace
    }

    /// Seconds until the next queued frame (or the one `index` frames after it) is due by the
    /// clock (nil when there is none or the clock is stopped).
    mutating func nextFrameDelay(now: Double, index: Int = 0) -> Double? {
        guard phase == .playing, frames.indices.contains(index), let time = clock.time(now: now) else { return nil }
        return max(0, frames[index].pts - Self.dueTolerance - time)
    }

    /// The number of frames the queue takes for pictures of `bytes` each.
    static func videoQueueCapacity(pictureBytes bytes: Int) -> Int {
        min(videoQueueMaximum, max(videoQueueMinimum, videoQueueBytes / max(1, bytes)))
    }

    // MARK: Clock and presentation

    /// Moves the presentation forward to `now`: makes the newest due frame current, and drops
    /// audio the clock has passed when no mixer consumes it. Returns the clock, nil if stopped.
    @discardableResult
    mutating func advance(now: Double) -> Double? {
        guard phase == .playing, let time = clock.time(now: now) else { return nil }
        var advanced = false
        while let head = frames.first, head.pts <= time + Self.dueTolerance {
            if current != nil && !currentHandedOut { counters.dropped += 1 }
            current = head
            currentHandedOut = false
            frames.removeFirst()
            advanced = true
        }
        if let head = frames.first, head.pts > time + 2, !clock.isAudioDriven(now: now) {
            clock.start(at: head.pts, now: now)
        } else if isLive, !clock.isAudioDriven(now: now), let next = [frames.first?.pts, ring.headPts].compactMap({ $0 }).min(),
                  next > time + max(Self.liveGapSkip, 2 * videoFrameDuration) {
            // The same for a gap in a live source played on the system clock.
            clock.start(at: next, now: now)
        }
        var dropped = false
        if !clock.isAudioDriven(now: now) {
            let stale = ring.frames(before: time)
            if stale > 0 { noteLevel(ring.take(stale, into: nil, gain: 0), frames: stale) }
            dropped = stale > 0
        }
        if hasRunDry(time: time) {
            rebuffer(now: now)
            return nil
        }
        noteVideoProgress(time: time)
        if advanced, videoRefilling || frames.count <= Self.videoRefillMark { wakeVideo(for: .picture) }
        if advanced || dropped { wakeDemuxerIfReady() }
        return time
    }

    /// Starts the clock once the queues hold enough to play smoothly.
    mutating func startIfReady(now: Double) {
        guard phase == .buffering, !isHeld else { return }
        let videoReady = !hasVideoStream || !frames.isEmpty || videoDrained
            || (demand == .hidden && lastDecodedVideoPts != nil)
        let audioReady = !hasAudioStream || ring.duration >= Self.audioPrebuffer || audioDrained
        let videoFull = frames.count >= videoQueueCapacity
        // A full audio buffer stops the demuxer: waiting on for a picture would wait for ever
        // (a damaged file whose video comes much later or never).
        let audioFull = hasAudioStream && ring.duration >= ringHardLimit
        guard (videoReady && audioReady) || videoFull || audioFull else {
            status = .buffering(percent: hasAudioStream
                ? min(99, Int(ring.duration / Self.audioPrebuffer * 100)) : nil)
            return
        }
        let start = liveStart() ?? frames.first?.pts ?? ring.headPts ?? lastDecodedVideoPts ?? 0
        let early = ring.frames(before: start)
        if early > 0 { ring.drop(early) }
        clock.start(at: start, now: now)
        phase = .playing
        status = .playing
        if !frames.isEmpty { frameWakePending = true }
        wakeVideo(for: .picture)
        wakeDemuxerIfReady()
    }

    /// Where a live source's clock starts: at the oldest queued picture or sound, unless that
    /// lies more than ``liveStartBehind`` behind the newest, as when the queues were refilled
    /// after the source stood still and hold what came late from before its gap. Then the clock
    /// starts at the first picture or sound from that point on, and what lies before is skipped
    /// (the newest picture before it is shown at once), so the gap and the refill do not become
    /// delay for the rest of the watch. Nil for a recording, or when nothing is that old.
    private func liveStart() -> Double? {
        guard isLive, let edge = newestDecoded else { return nil }
        let oldest = [frames.first?.pts, ring.headPts].compactMap { $0 }.min()
        let target = edge - Self.liveStartBehind
        guard let oldest, oldest < target else { return nil }
        let audioAfter = ring.headPts(afterDropping: ring.frames(before: target))
        let pictureAfter = frames.first { $0.pts >= target - Self.dueTolerance }?.pts
        return [audioAfter, pictureAfter].compactMap { $0 }.min() ?? target
    }

    /// Folds the squares of `frames` removed audio frames into the level meter.
    mutating func noteLevel(_ squares: Float, frames: Int) {
        guard frames > 0 else { return }
        let mean = squares / Float(frames * ring.channels)
        let seconds = Double(frames) / Double(ring.rate)
        let alpha = Float(1 - exp(-seconds / 0.1))
        levelMeanSquare += alpha * (mean - levelMeanSquare)
    }

    // MARK: Audio output (audio thread)

    /// Adds this player's next `frameCount` frames into `output` (interleaved, `channels` per
    /// frame at `rate`), applying mute and volume, and advances the clock. Never blocks for long.
    /// The sound mixed now is heard `lead` seconds later, so the clock is set to the sound
    /// mixed `lead` seconds ago: the one heard now (continuous sound assumed).
    mutating func mix(into output: UnsafeMutablePointer<Float>, frameCount: Int, channels: Int, rate: Int, lead: Double,
                      now: Double) {
        guard phase == .playing, hasAudioStream, rate == ring.rate, channels == ring.channels,
              let time = clock.time(now: now) else { return }
        let chunk = Double(frameCount) / Double(rate)
        // Audio behind the clock is late: dropped, so the clock never goes back for it.
        let late = ring.frames(before: time - Self.dueTolerance)
        if late > 0 {
            noteLevel(ring.take(late, into: nil, gain: 0), frames: late)
            // Dropping may have made room to read, or emptied the queues at the end.
            wakeDemuxerIfReady()
        }
        skipBeyondDelayLimit()
        guard let head = ring.headPts else { return }
        // A gap in a live source's sound (it stood still) is skipped: played as silence, its
        // length would be added to the delay for the rest of the watch.
        if head > time + lead + chunk && head < time + lead + 1 && !isLive {
            clock.audioConsumed(from: time, duration: chunk, now: now)
        } else {
            let taken = min(frameCount, ring.count)
            let squares = ring.take(taken, into: output, gain: muted ? 0 : volume)
            noteLevel(squares, frames: taken)
            clock.audioConsumed(from: head - lead, duration: Double(taken) / Double(rate), now: now)
            wakeDemuxerIfReady()
        }
    }

    /// With a live delay limit, sound queued beyond it is dropped down to ``liveStartBehind``
    /// behind the newest: the clock follows the sound, so the pictures before it are skipped too.
    private mutating func skipBeyondDelayLimit() {
        guard let limit = liveDelayLimit, let head = ring.headPts, let end = lastAudioEnd, end - head > limit else { return }
        let stale = ring.frames(before: end - Self.liveStartBehind)
        guard stale > 0 else { return }
        noteLevel(ring.take(stale, into: nil, gain: 0), frames: stale)
        counters.liveSkips += 1
        wakeDemuxerIfReady()
    }

    // MARK: Connections

    /// Forgets the previous connection's queues and clock; keeps the last frame on screen.
    mutating func resetForConnection() {
        phase = .opening
        videoStopping = false
        frames.removeAll(keepingCapacity: true)
        videoPackets.clear()
        ring.clear()
        clock.stop()
        hasVideoStream = false
        hasAudioStream = false
        videoDrained = false
        audioDrained = false
        lastDecodedVideoPts = nil
        lastAudioEnd = nil
        awaitingKey = false
        lastStillPts = nil
        heldTime = nil
    }
}
