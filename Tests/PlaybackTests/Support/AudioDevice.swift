import Foundation
import Playback

/// Stands in for the app's audio device: calls `AudioMixer.render` in a loop, paced at
/// `speed` times real time, and looks at the sessions' frames after every chunk.
struct FakeAudioDevice {
    let mixer: AudioMixer
    var chunkFrames = 256
    var speed = 1.0

    /// Renders until `done` returns true or `timeout` seconds pass; calls `afterChunk` each time.
    /// Returns true when `done` held.
    func run(timeout: Double, afterChunk: () -> Void = {}, until done: () -> Bool) -> Bool {
        var buffer = [Float](repeating: 0, count: chunkFrames * mixer.channels)
        let start = Date()
        var rendered = 0.0
        while Date().timeIntervalSince(start) < timeout {
            buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: chunkFrames) }
            rendered += Double(chunkFrames) / Double(mixer.sampleRate) / speed
            afterChunk()
            if done() { return true }
            let ahead = rendered - Date().timeIntervalSince(start)
            if ahead > 0 { Thread.sleep(forTimeInterval: ahead) }
        }
        return false
    }
}
