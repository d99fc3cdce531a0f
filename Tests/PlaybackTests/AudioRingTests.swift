@testable import Playback
import XCTest

/// The ring the sound waits in: what goes in comes out in order across its wrap, mixed with the
/// gain, and the level meter gets the sum of the squares of exactly the samples taken.
final class AudioRingTests: XCTestCase {
    func testSamplesComeOutInOrderAcrossTheWrapWithTheirSquaresSummed() {
        // 1,000 stereo frames of room; chunks of odd sizes make every take wrap somewhere else
        // and end off the eight-sample stride the sum goes in.
        var ring = AudioRing(rate: 1000, channels: 2, seconds: 1)
        var next: Float = 0
        var expected: [Float] = []
        for chunk in [333, 517, 77, 401, 250, 611, 3] {
            let samples = (0..<(chunk * 2)).map { i in sin(next + Float(i) * 0.01) }
            next += 1
            samples.withUnsafeBufferPointer { ring.push($0, frames: chunk, pts: 0) }
            expected += samples
            // Take most of what is there, leaving a little, as the audio device does.
            let take = max(1, ring.count - 37)
            var output = [Float](repeating: 0.5, count: take * 2)
            let squares = output.withUnsafeMutableBufferPointer { ring.take(take, into: $0.baseAddress, gain: 2) }
            let taken = Array(expected.prefix(take * 2))
            expected.removeFirst(take * 2)
            XCTAssertEqual(output, taken.map { 0.5 + $0 * 2 }, "chunk \(chunk): the samples in order, with the gain")
            XCTAssertEqual(squares, taken.reduce(0) { $0 + $1 * $1 }, accuracy: 1e-3, "chunk \(chunk): their squares")
        }
        XCTAssertEqual(ring.count * 2, expected.count)
        XCTAssertEqual(ring.take(ring.count, into: nil, gain: 1), expected.reduce(0) { $0 + $1 * $1 }, accuracy: 1e-3,
                       "taken without an output, the rest are counted alike")
        XCTAssertEqual(ring.count, 0)
    }
}
