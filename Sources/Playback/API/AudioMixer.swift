import Foundation
import LocksAndThreads

/// Mixes the sound of several sessions for one audio device and drives their clocks (D2).
///
/// Thread-safe. `render` is meant for the audio device's callback thread: it holds each lock
/// only briefly and does not allocate. Its lock is taken before a session's (see ``SessionCore``).
public final class AudioMixer: Sendable {
    /// Output sample rate; sessions must produce the same (see ``PlaybackOptions``).
    public let sampleRate: Int
    /// Output channel count (interleaved).
    public let channels: Int
    private let sessions: Guarded<[SessionCore]>

    public init(sampleRate: Int = 48000, channels: Int = 2) {
        self.sampleRate = sampleRate
        self.channels = channels
        var list: [SessionCore] = []
        list.reserveCapacity(64)
        sessions = Guarded(list)
    }

    /// Starts consuming `session`'s audio (no effect if already added).
    public func add(_ session: PlaybackSession) {
        sessions.withLock { list in
            if !list.contains(where: { $0 === session.core }) { list.append(session.core) }
        }
    }

    /// Stops consuming `session`'s audio; its clock falls back to the system clock.
    public func remove(_ session: PlaybackSession) {
        sessions.withLock { list in list.removeAll { $0 === session.core } }
    }

    /// Fills `buffer` with `frameCount` interleaved frames: the sum of every session's audio,
    /// with mute and volume applied, clipped to -1...1.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int) {
        let sampleCount = frameCount * channels
        buffer.update(repeating: 0, count: sampleCount)
        sessions.withLock { list in
            for session in list {
                session.mix(into: buffer, frameCount: frameCount, channels: channels, rate: sampleRate)
            }
        }
        for i in 0..<sampleCount { buffer[i] = min(1, max(-1, buffer[i])) }
    }
}
