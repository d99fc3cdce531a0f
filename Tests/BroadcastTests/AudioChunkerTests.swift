@testable import Broadcast
import CFFmpeg
import XCTest

/// The publisher's sound timestamps: the sample count while it keeps to the capture clock, set to
/// that clock again when it drifts beyond the tolerance, and always rising.
final class AudioChunkerTests: XCTestCase {
    private static let rate = 48_000
    private static let frameSize = 1024

    /// `count` stereo samples whose left channel holds their index from `first`.
    private func samples(from first: Int, count: Int) -> [Float] {
        (first..<(first + count)).flatMap { [Float($0), 0] }
    }

    /// Every full frame's timestamp and first left sample.
    private func drain(_ chunker: inout AudioChunker) -> [(pts: Int64, first: Float)] {
        var frames: [(Int64, Float)] = []
        while let frame = chunker.nextFrame() {
            let left = UnsafeMutableRawPointer(frame.pointer.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
            frames.append((frame.pointer.pointee.pts, left[0]))
        }
        return frames
    }

    /// Appends like the sender does: each chunk, then every frame it completes.
    private func send(_ chunks: [(samples: [Float], time: Double)], to chunker: inout AudioChunker) -> [(pts: Int64, first: Float)] {
        chunks.flatMap { chunk in
            chunker.append(chunk.samples, at: chunk.time)
            return drain(&chunker)
        }
    }

    func testSoundOnTimeIsTimedByItsCountThroughJitter() {
        var chunker = AudioChunker(frameSize: Self.frameSize, sampleRate: Self.rate)
        // 960-sample chunks whose capture times wobble by up to 30 ms.
        let frames = send((0..<50).map { index in
            let jitter = [0.0, 0.03, -0.02, 0.01][index % 4]
            return (samples(from: index * 960, count: 960), 1 + Double(index * 960) / Double(Self.rate) + jitter)
        }, to: &chunker)
        XCTAssertEqual(frames.count, 50 * 960 / Self.frameSize)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(frame.pts, Int64(Self.rate + index * Self.frameSize), "frame \(index)")
            XCTAssertEqual(frame.first, Float(index * Self.frameSize), "frame \(index) holds the next samples")
        }
    }

    func testLostSoundLeavesAGapAtItsCaptureTime() {
        var chunker = AudioChunker(frameSize: Self.frameSize, sampleRate: Self.rate)
        // Half a second of sound never came: the second chunk starts 0.5 s after where the count is.
        let frames = send([(samples(from: 0, count: 4096), 0),
                           (samples(from: 100_000, count: 4096), 4096.0 / Double(Self.rate) + 0.5)], to: &chunker)
        XCTAssertEqual(frames.map(\.pts), [0, 1024, 2048, 3072, 28_096, 29_120, 30_144, 31_168])
        XCTAssertEqual(frames[4].first, 100_000, "the sound after the gap starts a frame")
    }

    func testSoundThatOverlapsWhatWasTimedIsDroppedAndTimestampsRise() {
        var chunker = AudioChunker(frameSize: Self.frameSize, sampleRate: Self.rate)
        // 0.2 s, then sound captured 0.1 s after the first began: its first 0.1 s overlaps.
        let frames = send([(samples(from: 0, count: 9600), 0), (samples(from: 50_000, count: 9600), 0.1)], to: &chunker)
        XCTAssertEqual(frames.count, (9600 + 4800) / Self.frameSize)
        for (previous, next) in zip(frames, frames.dropFirst()) {
            XCTAssertEqual(next.pts - previous.pts, Int64(Self.frameSize), "contiguous and rising")
        }
        // 9600 = 9 frames and 384 samples; the 10th frame goes on with sample 50_000 + 4800.
        XCTAssertEqual(frames[9].first, 9216)
        XCTAssertEqual(frames[10].first, Float(50_000 + 4800 + (Self.frameSize - 384)))
    }

    func testSoundCapturedBeforeGoingLiveStartsAtZero() {
        var chunker = AudioChunker(frameSize: Self.frameSize, sampleRate: Self.rate)
        let frames = send([(samples(from: 0, count: 2048), -512.0 / Double(Self.rate))], to: &chunker)
        XCTAssertEqual(frames.map(\.pts), [0])
        XCTAssertEqual(frames.first?.first, 512, "the samples from before time zero are not sent")
    }
}
