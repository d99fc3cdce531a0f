import Foundation
import XCTest

/// The sound of a published stream, pulled from the server with `ffmpeg` as a viewer would,
/// mono at ``rate``, from its first loud sample on: a recording from a sound server may begin
/// with a few hundred milliseconds of silence (PulseAudio's monitor of a null sink does).
struct PublishedSound {
    static let rate = 16_000.0
    /// The samples from the first loud one, in -1...1.
    let samples: [Double]
    /// How many silent samples came before them.
    let silentStart: Int

    /// Pulls `seconds` of `url`'s sound.
    init(pulling url: String, seconds: Double) throws {
        let pulled = try runProgram("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-rw_timeout", "5000000",
                                                         "-i", url, "-vn", "-t", String(seconds), "-ac", "1", "-ar", String(Int(Self.rate)),
                                                         "-f", "s16le", "-"],
                                    timeout: seconds + 15)
        XCTAssertEqual(pulled.status, 0, "ffmpeg pulls \(url)")
        let all = pulled.data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Double($0) / 32768 }
        silentStart = all.firstIndex { abs($0) > 0.03 } ?? all.count
        samples = Array(all[silentStart...])
    }

    /// Seconds of sound from the first loud sample.
    var seconds: Double { Double(samples.count) / Self.rate }

    /// The root mean square level.
    var rms: Double { (samples.reduce(0) { $0 + $1 * $1 } / Double(max(samples.count, 1))).squareRoot() }

    /// The share of the power at `frequency`: 1 for a pure tone at it, near 0 without it.
    func share(of frequency: Double) -> Double {
        var real = 0.0
        var imaginary = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / Self.rate
            real += sample * cos(phase)
            imaginary -= sample * sin(phase)
        }
        let amplitude = 2 * (real * real + imaginary * imaginary).squareRoot() / Double(max(samples.count, 1))
        return rms > 0 ? (amplitude * amplitude / 2) / (rms * rms) : 0
    }

    /// Asserts that the sound is a tone at `frequency` (a second and more, loud, pure) with
    /// nothing of the tone at `absent`.
    func assertTone(_ frequency: Double, without absent: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(seconds, 1, "a second and more of sound (\(silentStart) silent samples first)", file: file, line: line)
        XCTAssertGreaterThan(rms, 0.03, "sound, not silence", file: file, line: line)
        XCTAssertGreaterThan(share(of: frequency), 0.9, "the \(Int(frequency)) Hz tone (RMS \(rms))", file: file, line: line)
        XCTAssertLessThan(share(of: absent), 0.05, "nothing of the \(Int(absent)) Hz tone", file: file, line: line)
    }
}
