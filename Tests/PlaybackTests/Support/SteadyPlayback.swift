import Foundation
import Playback
import XCTest

/// A 4 s H.264 + AAC file (30 fps, 320x240) played in real time at 160x120 through a mixer and a
/// fake audio device, a painter taking a picture after every chunk of sound: the session's
/// counters at 0.5 s and at 3 s of its clock, and the seconds of clock between them.
struct SteadyPlayback {
    let before: PlaybackCounters
    let after: PlaybackCounters
    let played: Double

    init(_ media: TestMedia, name: String) throws {
        let file = try media.h264AAC(name, seconds: 4)
        let session = SourcePlayer(source: file)
        defer { session.close() }
        session.setOutputSize(width: 160, height: 120)
        let mixer = AudioMixer()
        mixer.add(session)
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 480, speed: 1)
        let present = { _ = session.takeFrame() }
        XCTAssertTrue(device.run(timeout: 5, afterChunk: present, until: { (session.clockTime ?? 0) > 0.5 }))
        before = session.counters
        let start = session.clockTime ?? 0
        XCTAssertTrue(device.run(timeout: 5, afterChunk: present, until: { (session.clockTime ?? 0) > 3 }))
        after = session.counters
        played = (session.clockTime ?? 0) - start
    }
}
