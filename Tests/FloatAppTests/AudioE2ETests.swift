import Foundation
import TestSupport
import XCTest

/// Sound really plays through SDL audio (D2): SDL's disk driver writes what the app plays to
/// a file in real time, and the test reads the samples: a 440 Hz tone, silence when muted,
/// and the tone again after the view moves into the float.
final class AudioE2ETests: DesktopTestCase {
    /// The output: float32 stereo at 48 kHz, as FloatApp opens the device.
    private struct Recording {
        let url: URL
        static let rate = 48_000

        /// Left-channel samples recorded so far.
        func left() -> [Float] {
            guard let data = try? Data(contentsOf: url) else { return [] }
            let count = data.count / MemoryLayout<Float>.size
            return data.withUnsafeBytes { raw in
                let floats = raw.bindMemory(to: Float.self)
                return stride(from: 0, to: count - 1, by: 2).map { floats[$0] }
            }
        }

        var seconds: Double { Double(left().count) / Double(Self.rate) }
    }

    /// Root mean square and rising zero crossings per second of the last `seconds` of `samples`.
    private func measure(_ samples: [Float], last seconds: Double) -> (rms: Double, hertz: Double) {
        let n = min(samples.count, Int(seconds * Double(Recording.rate)))
        let tail = samples.suffix(n)
        guard n > 1 else { return (0, 0) }
        let rms = (tail.reduce(0.0) { $0 + Double($1 * $1) } / Double(n)).squareRoot()
        let crossings = zip(tail, tail.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        return (rms, Double(crossings) / (Double(n) / Double(Recording.rate)))
    }

    /// Waits until `more` seconds of audio were recorded after `start`, then measures them.
    private func measureNext(_ recording: Recording, seconds more: Double) throws -> (rms: Double, hertz: Double) {
        let start = recording.left().count
        let samples = try eventuallyValue("\(more) s more audio is recorded", timeout: more * 4 + 5) { () -> [Float]? in
            let all = recording.left()
            return all.count - start >= Int(more * Double(Recording.rate)) ? all : nil
        }
        return measure(samples, last: more)
    }

    func testToneMutesAndKeepsPlayingInTheFloat() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let rooms = desktop.workFolder.appendingPathComponent("rooms.json")
        try """
            {"rooms": [{"id": "tone", "title": "Tone", "kind": "live",
              "source": "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"}]}
            """.write(to: rooms, atomically: true, encoding: .utf8)
        let recording = Recording(url: desktop.workFolder.appendingPathComponent("audio.raw"))
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            ["--rooms", rooms.path, "--open", "tone", "--stats", stats.url.path], on: desktop, for: self,
            environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": recording.url.path])

        try eventually("the room plays\n\(app.outputTail())", timeout: 20) {
            !stats.events(named: "frame", matching: ["window": "main"]).isEmpty
        }
        let playing = try measureNext(recording, seconds: 0.5)
        XCTAssertGreaterThan(playing.rms, 0.01, "the tone is audible")
        XCTAssertEqual(playing.hertz, 440, accuracy: 10, "the tone is the source's 440 Hz")

        // Mute in the full view: silence.
        let main = try desktop.waitForWindow(.title("FloatApp"))
        try desktop.focus(main)
        desktop.key(.m)
        try eventually("the mute is applied", timeout: 5) {
            ["1", "true"].contains(stats.events(named: "mute").last?.fields["muted"] ?? "")
        }
        _ = try measureNext(recording, seconds: 0.2)  // what the device had queued before the mute
        let muted = try measureNext(recording, seconds: 0.5)
        XCTAssertLessThan(muted.rms, 0.001, "muted means silent")

        // Unmute, float: the tone goes on while the float shows the room.
        desktop.key(.m)
        desktop.key(.p)
        _ = try desktop.waitForWindow(.title("Tone - PiP"), timeout: 10)
        _ = try measureNext(recording, seconds: 0.2)
        let floating = try measureNext(recording, seconds: 0.5)
        XCTAssertGreaterThan(floating.rms, 0.01, "the tone keeps playing in PiP")
        XCTAssertEqual(floating.hertz, 440, accuracy: 10)
        XCTAssertEqual(stats.events(named: "source_open").count, 1, "the sound was never reopened")
        XCTAssertGreaterThan(recording.seconds, 1.5)
    }
}
