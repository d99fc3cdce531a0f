import Foundation
import TestSupport

/// What an app played, as SDL's disk audio driver writes it in real time: float32 stereo at
/// 48 kHz (as FloatApp opens the device), into the file this recording reads.
struct SoundRecording {
    let url: URL
    static let rate = 48_000
    private static let frameBytes = 2 * MemoryLayout<Float>.size

    /// The environment that makes an app play into this recording instead of a sound card.
    var environment: [String: String] { ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": url.path] }

    /// Bytes recorded so far, in whole stereo frames.
    private var size: Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return bytes - bytes % Self.frameBytes
    }

    /// Seconds recorded so far.
    var seconds: Double { Double(size / Self.frameBytes) / Double(Self.rate) }

    /// Left-channel samples of the frames from byte `start` to byte `end`.
    private func left(from start: Int, to end: Int) -> [Float] {
        guard end > start, let file = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: UInt64(start))) != nil, let data = try? file.read(upToCount: end - start) else { return [] }
        let count = data.count / MemoryLayout<Float>.size
        return data.withUnsafeBytes { raw in
            let floats = raw.bindMemory(to: Float.self)
            return stride(from: 0, to: count - 1, by: 2).map { floats[$0] }
        }
    }

    /// The newest `seconds` of the left channel, nil until that much was recorded.
    func last(seconds: Double) -> [Float]? {
        let end = size, bytes = Int(seconds * Double(Self.rate)) * Self.frameBytes
        return end >= bytes ? left(from: end - bytes, to: end) : nil
    }

    /// Waits until `seconds` more are recorded from now, and returns them (left channel).
    func next(seconds: Double) throws -> [Float] {
        let start = size, bytes = Int(seconds * Double(Self.rate)) * Self.frameBytes
        let end = try eventuallyValue("\(seconds) s more sound is recorded", timeout: seconds * 4 + 5) { () -> Int? in
            size >= start + bytes ? start + bytes : nil
        }
        return left(from: start, to: end)
    }

    /// The root mean square of `samples`.
    static func rms(_ samples: [Float]) -> Double {
        samples.isEmpty ? 0 : (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot()
    }

    /// Rising zero crossings per second of `samples`.
    static func hertz(_ samples: [Float]) -> Double {
        samples.count < 2 ? 0 : Double(zip(samples, samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count)
            / (Double(samples.count) / Double(rate))
    }

    /// The root mean square of the part of `samples` at `frequency` (Goertzel): a tone's own
    /// level among others, 0 for silence. Over a whole number of the tone's periods (half a
    /// second of 440, 660 or 880 Hz), the other tones leave nothing in it.
    static func toneLevel(_ samples: [Float], frequency: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let coefficient = 2 * cos(2 * .pi * frequency / Double(rate))
        var (previous, beforePrevious) = (0.0, 0.0)
        for sample in samples {
            (previous, beforePrevious) = (Double(sample) + coefficient * previous - beforePrevious, previous)
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        return (2 * max(0, power)).squareRoot() / Double(samples.count)
    }
}
