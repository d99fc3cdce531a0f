/// The player's master clock: driven by the audio the mixer consumes, else by the system clock.
///
/// Time is passed in (monotonic seconds), never read here.
struct PlaybackClock {
    /// How long audio may stop being consumed before the system clock takes over.
    static let audioLapse = 0.2

    private var basePts: Double?
    private var baseTime = 0.0
    private var audioDriven = false
    private var lastAudioTime = 0.0
    private var chunk = 0.0

    /// True once the clock was started for the current connection.
    var isRunning: Bool { basePts != nil }

    /// Starts (or restarts) on the system clock at `pts`.
    mutating func start(at pts: Double, now: Double) {
        basePts = pts
        baseTime = now
        audioDriven = false
    }

    /// Stops the clock until the next ``start(at:now:)``.
    mutating func stop() {
        basePts = nil
        audioDriven = false
    }

    /// True while audio consumption drives the clock.
    mutating func isAudioDriven(now: Double) -> Bool {
        _ = time(now: now)
        return audioDriven
    }

    /// The media time at `now`, or nil when stopped.
    ///
    /// Audio-driven: the start of the last consumed chunk, interpolated by at most that chunk's
    /// length (so an audio underflow freezes the clock). When audio consumption lapses the
    /// clock carries on from there on the system clock.
    mutating func time(now: Double) -> Double? {
        guard let base = basePts else { return nil }
        let elapsed = max(0, now - baseTime)
        guard audioDriven else { return base + elapsed }
        let value = base + min(elapsed, chunk)
        if now - lastAudioTime > Self.audioLapse {
            basePts = value
            baseTime = now
            audioDriven = false
        }
        return value
    }

    /// Records that audio starting at `pts` and lasting `duration` seconds begins playing `now`.
    mutating func audioConsumed(from pts: Double, duration: Double, now: Double) {
        basePts = pts
        baseTime = now
        chunk = duration
        audioDriven = true
        lastAudioTime = now
    }
}
