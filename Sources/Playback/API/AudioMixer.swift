import Foundation
import LocksAndThreads

/// Mixes the sound of several players for one audio device and drives their clocks (D2).
///
/// Thread-safe. `render` is meant for the audio device's callback thread: it holds each lock
/// only briefly and does not allocate. Its lock is taken before a player's (see ``PlayerCore``).
public final class AudioMixer: Sendable {
    /// Output sample rate; players must produce the same (see ``PlaybackOptions``).
    public let sampleRate: Int
    /// Output channel count (interleaved).
    public let channels: Int
    private let players: Guarded<[PlayerCore]>
    /// Seconds the players' clocks are set back from the sound being mixed (see ``setOutputLead(_:)``).
    private let lead = Guarded(0.0)

    public init(sampleRate: Int = 48000, channels: Int = 2) {
        self.sampleRate = sampleRate
        self.channels = channels
        var list: [PlayerCore] = []
        list.reserveCapacity(64)
        players = Guarded(list)
    }

    /// Starts consuming `player`'s audio (no effect if already added).
    public func add(_ player: SourcePlayer) {
        players.withLock { list in
            if !list.contains(where: { $0 === player.core }) { list.append(player.core) }
        }
    }

    /// Stops consuming `player`'s audio; its clock falls back to the system clock.
    public func remove(_ player: SourcePlayer) {
        players.withLock { list in list.removeAll { $0 === player.core } }
    }

    /// Sets how long after `render` the sound it mixes is heard, beyond what the players' clocks
    /// already allow for: the clocks follow the sound heard, so pictures keep in step with it
    /// however much sound the device queues. 0 (the default) keeps the clocks on the sound mixed.
    public func setOutputLead(_ seconds: Double) {
        lead.withLock { $0 = max(0, seconds) }
    }

    /// Fills `buffer` with `frameCount` interleaved frames: the sum of every player's audio,
    /// with mute and volume applied, clipped to -1...1.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        let sampleCount = frameCount * channels
        buffer.update(repeating: 0, count: sampleCount)
        let lead = lead.withLock { $0 }
        players.withLock { list in
            for player in list {
                player.mix(into: buffer, frameCount: frameCount, channels: channels, rate: sampleRate, lead: lead)
            }
        }
        for i in 0..<sampleCount { buffer[i] = min(1, max(-1, buffer[i])) }
    }
}
