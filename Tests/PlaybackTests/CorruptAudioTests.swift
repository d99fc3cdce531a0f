import Foundation
import Playback
import TestSupport
import XCTest

/// Damaged audio must not freeze the picture: video follows the system clock while the audio
/// clock does not advance, and a picture that really stalls says Buffering.
final class CorruptAudioTests: XCTestCase {
    func testFlippedBytesInAnMPEGTSNeitherFreezeThePictureNorSlowPlayback() throws {
        let seed = ProcessInfo.processInfo.environment["FLOATAPP_SEED"].flatMap(UInt64.init) ?? 11
        print("CorruptAudioTests seed \(seed) (replay with FLOATAPP_SEED=\(seed))")
        let media = try TestMedia()
        let clean = try media.h264AAC("clean.ts", seconds: 5)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clean)))
        var generator = SeededRandom(seed: seed)
        for _ in 0..<(bytes.count / 100) {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
        }
        let broken = media.path("broken.ts")
        try Data(bytes).write(to: URL(fileURLWithPath: broken))

        let session = SourcePlayer(source: broken)
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
        let started = Date()
        var lastSerial = -1
        var shownAt = 0.0
        var longestSilentHold = 0.0
        let finished = device.run(timeout: 15, afterChunk: {
            // Holds are measured on the session's clock, which the machine's load cannot stretch.
            let clock = session.clockTime ?? 0
            if let serial = session.takeFrame()?.serial, serial != lastSerial {
                lastSerial = serial
                shownAt = clock
            } else if session.status == .playing, lastSerial >= 0 {
                longestSilentHold = max(longestSilentHold, clock - shownAt)
            } else {
                shownAt = clock
            }
        }, until: { session.status.isFinal })
        let took = Date().timeIntervalSince(started)
        print("corrupt TS: played in \(took) s, longest hold while playing \(longestSilentHold) s, "
              + "\(session.counters.presented) presented, \(session.counters.corruptPackets) corrupt, "
              + "\(session.counters.repairedTimestamps) timestamps repaired")
        XCTAssertTrue(finished, "still \(session.status) after 15 s")
        XCTAssertLessThanOrEqual(took, 5 + 3, "a 5 s file takes at most 3 s more")
        XCTAssertLessThan(longestSilentHold, 0.5, "a picture held this long while the status said playing")
    }
}
