import Broadcast
import Foundation
import LiveServerTestSupport
import Playback
import Rooms
import TestSupport
import XCTest

/// R5 and W9 on a real sound server: a microphone recorded from PulseAudio (started by the test,
/// with null sinks instead of hardware) is what a broadcast sends, the default microphone is the
/// echo-cancelled source once the server has one, and a missing source or server is a clear
/// error at once.
final class SoundServerCaptureTests: XCTestCase {
    private var pulse: PulseAudioServer!
    private var nginx: NginxServer!
    /// The picture source, with a 440 Hz tone of its own that a broadcast with a microphone must not send.
    private static let camera = "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"
    /// The tone played into the room, which the microphone hears.
    private static let toneHz = 1000.0

    override func setUpWithError() throws {
        pulse = try PulseAudioServer()
    }

    override func tearDown() {
        pulse = nil
        nginx = nil
    }

    func testTheEchoCancelledSourceIsTheDefaultMicrophoneAndABroadcastSendsWhatItHears() throws {
        nginx = try NginxServer()
        try nginx.start()
        XCTAssertNil(DefaultDevices.microphone(), "two null sinks give only monitors, and a monitor is no microphone")
        try pulse.loadEchoCanceller()
        let microphone = try XCTUnwrap(DefaultDevices.microphone())
        XCTAssertEqual(microphone, .pulse(source: PulseAudioServer.room + ".monitor.echo-cancel"))

        let tone = try TonePlayer(frequency: Self.toneHz, sink: PulseAudioServer.room)
        defer { tone.stop() }
        try eventually("the tone plays into the room (log: \(pulse.log))", timeout: 10, poll: 0.05) {
            try pulse.state(ofSink: PulseAudioServer.room) == "RUNNING"
        }
        let url = nginx.rtmpURL("microphone")
        let publisher = Publisher(source: Self.camera, microphone: microphone.text, url: url)
        defer { publisher.stop() }
        try eventually("status \(publisher.status)", timeout: 10, poll: 0.005) { publisher.status == .live }

        try PublishedSound(pulling: url, seconds: 3).assertTone(Self.toneHz, without: 440)
        XCTAssertEqual(publisher.status, .live)
    }

    func testAMissingSourceOrSoundServerIsAClearErrorAtOnce() throws {
        let noSource = try publishingFails(microphone: "pulse:floatapp_no_such_source")
        XCTAssertTrue(noSource.hasPrefix("cannot record from the sound source \"floatapp_no_such_source\" ("), noSource)
        XCTAssertTrue(noSource.hasSuffix("is PulseAudio or PipeWire running, and does \"pactl list short sources\" list it?"), noSource)

        let room = PlaybackSession(source: "pulse:\(PulseAudioServer.room).monitor", options: .live)
        defer { room.close() }
        try eventually("a room plays the sound source (\(room.status))", timeout: 5, poll: 0.005) { room.status == .playing }
        XCTAssertTrue(room.hasAudio)
        XCTAssertFalse(room.hasVideo)
        room.close()

        pulse.kill()
        XCTAssertNil(DefaultDevices.microphone(), "no sound server: no microphone, you join listening only")
        let started = Date()
        XCTAssertTrue(try publishingFails(microphone: "pulse:default").contains("\"default\""))
        XCTAssertTrue(try playingFails("pulse:default").hasPrefix("Cannot open the source: cannot record from the sound source \"default\""))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "no wait on a server that is not there")
        XCTAssertTrue(try playingFails("alsa:floatapp_no_such_device")
            .contains("cannot record from the ALSA device \"floatapp_no_such_device\""))
    }

    /// The reason a broadcast with `microphone` gives up, once it has (a capture that cannot open).
    private func publishingFails(microphone: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let publisher = Publisher(source: Self.camera, microphone: microphone, url: "rtmp://127.0.0.1:9/live/x")
        defer { publisher.stop() }
        try eventually("\(microphone): status \(publisher.status)", timeout: 5, poll: 0.005) { publisher.status.isFinal }
        guard case .failed(.capture(.openFailed(let message))) = publisher.status else {
            XCTFail("expected a capture that cannot open, found \(publisher.status)", file: file, line: line)
            return ""
        }
        return message
    }

    /// The message of a live room playing `source`, once it has failed for good (not reconnecting).
    private func playingFails(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let session = PlaybackSession(source: source, options: .live)
        defer { session.close() }
        try eventually("\(source): status \(session.status)", timeout: 5, poll: 0.005) { session.status.isFinal }
        guard case .failed(let message) = session.status else {
            XCTFail("expected a failure, found \(session.status)", file: file, line: line)
            return ""
        }
        return message
    }
}

/// `ffmpeg` playing a sine into a PulseAudio sink in real time, as a desktop app plays sound.
private final class TonePlayer {
    private let process = Process()

    init(frequency: Double, sink: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-f", "lavfi",
                             "-i", "sine=f=\(frequency):sample_rate=48000", "-t", "60", "-f", "pulse", "-device", sink, "floatapp-tone"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { stop() }
}
