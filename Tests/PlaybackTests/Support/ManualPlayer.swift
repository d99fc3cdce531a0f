import Foundation
@testable import Playback
import TestSupport

/// Plays a session on a ``ManualClock`` through a mixer, one audio chunk a step. Time moves only
/// once decoding has caught up (sound for the chunk and two pictures queued, or every picture
/// queued), so what a test sees is the same on any load.
struct ManualPlayer {
    let session: SourcePlayer
    let clock = ManualClock()
    let mixer = AudioMixer()
    let chunkFrames: Int
    private var buffer: [Float]

    /// A session of `source` on a manual clock, mixed in chunks of `chunkFrames`.
    init(source: String, chunkFrames: Int) {
        session = SourcePlayer(source: source, options: PlaybackOptions(), observers: PlaybackObservers(), clock: clock)
        mixer.add(session)
        self.chunkFrames = chunkFrames
        buffer = [Float](repeating: 0, count: chunkFrames * mixer.channels)
    }

    /// Seconds of one chunk.
    var chunk: Double { Double(chunkFrames) / Double(mixer.sampleRate) }

    /// Waits (up to `timeout` s) until decoding has caught up with a file of `pictures` pictures,
    /// then plays one chunk and moves the clock by as much.
    mutating func step(pictures: Int, timeout: Double = 2) {
        let (session, chunk) = (self.session, self.chunk)
        _ = try? eventually("decoding catches up", timeout: timeout, poll: 0.005) {
            let allQueued = session.counters.queued == pictures
            return (session.bufferedAudio >= chunk || allQueued) && (session.queuedFrames >= 2 || allQueued)
        }
        let frames = chunkFrames
        buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: frames) }
        clock.advance(by: chunk)
    }
}
