import Foundation
import TestSupport
import XCTest

/// Sound really plays through SDL audio (D2): SDL's disk driver writes what the app plays to
/// a file in real time, and the test reads the samples: a 440 Hz tone, silence when muted,
/// and the tone again after the view moves into the float.
final class AudioE2ETests: DesktopTestCase {
    /// Waits until `more` seconds were recorded from now, then measures them: root mean square
    /// and rising zero crossings per second.
    private func measureNext(_ recording: SoundRecording, seconds more: Double) throws -> (rms: Double, hertz: Double) {
        let samples = try recording.next(seconds: more)
        return (SoundRecording.rms(samples), SoundRecording.hertz(samples))
    }

    func testToneMutesAndKeepsPlayingInTheFloat() throws {
        let desktop = try startDesktop(windowManager: .openbox(margins: EdgeInsets(bottom: 48)))
        let rooms = desktop.workFolder.appendingPathComponent("rooms.json")
        try """
            {"rooms": [{"id": "tone", "title": "Tone", "kind": "live",
              "source": "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"}]}
            """.write(to: rooms, atomically: true, encoding: .utf8)
        let recording = SoundRecording(url: desktop.workFolder.appendingPathComponent("audio.raw"))
        let stats = StatsFile(url: desktop.workFolder.appendingPathComponent("stats.jsonl"))
        let app = try AppProcess.launch(
            ["--rooms", rooms.path, "--open", "tone", "--stats", stats.url.path], on: desktop, for: self,
            environment: recording.environment)

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
