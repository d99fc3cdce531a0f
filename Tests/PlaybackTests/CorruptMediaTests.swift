import EngineTerms
import Foundation
import Playback
import TestSupport
import XCTest

final class CorruptMediaTests: XCTestCase {
    /// Plays `path` at 4x speed until it ends or fails; fails the test if it hangs.
    private func playToTheEnd(_ path: String) -> (PlaybackStatus, Int) {
        let session = SourcePlayer(source: path)
        defer { session.close() }
        let mixer = AudioMixer()
        mixer.add(session)
        var serials = Set<Int>()
        let device = FakeAudioDevice(mixer: mixer, chunkFrames: 512, speed: 4)
        let finished = device.run(timeout: 10, afterChunk: {
            if let frame = session.takeFrame() { serials.insert(frame.serial) }
        }, until: { session.status.isFinal })
        XCTAssertTrue(finished, "\(path) hung in \(session.status)")
        return (session.status, serials.count)
    }

    func testFlippedBytesNeitherCrashNorHang() throws {
        let media = try TestMedia()
        for container in ["ts", "mp4"] {
            let clean = try media.h264AAC("clean.\(container)", seconds: 2)
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: clean)))
            var generator = SeededRandom(seed: 7)
            for _ in 0..<300 {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] ^= UInt8.random(in: 1...255, using: &generator)
            }
            let broken = media.path("broken.\(container)")
            try Data(bytes).write(to: URL(fileURLWithPath: broken))
            let (status, shown) = playToTheEnd(broken)
            XCTAssertTrue(status == .ended || status.isFailure, "\(container): \(status)")
            XCTAssertLessThanOrEqual(shown, 60)
        }
    }

    func testTruncatedFilesPlayPartlyOrFail() throws {
        let media = try TestMedia()
        let ts = try media.h264AAC("full.ts", seconds: 2)
        let mp4 = try media.h264AAC("full.mp4", seconds: 2)
        for (source, name) in [(ts, "half.ts"), (mp4, "half.mp4")] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: media.path(name)))
        }
        let (tsStatus, tsShown) = playToTheEnd(media.path("half.ts"))
        XCTAssertEqual(tsStatus, .ended)
        XCTAssertGreaterThan(tsShown, 5)
        XCTAssertLessThan(tsShown, 50)
        let (mp4Status, _) = playToTheEnd(media.path("half.mp4"))
        XCTAssertTrue(mp4Status.isFailure, "an MP4 cut before its index cannot be opened: \(mp4Status)")
    }

    func testGarbageFileFails() throws {
        let media = try TestMedia()
        var generator = SeededRandom(seed: 3)
        let garbage = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(garbage).write(to: URL(fileURLWithPath: media.path("garbage.bin")))
        let (status, _) = playToTheEnd(media.path("garbage.bin"))
        XCTAssertTrue(status.isFailure, "\(status)")
    }
}

extension PlaybackStatus {
    var isFailure: Bool {
        if case .failed = self { return true }
        return false
    }
}

