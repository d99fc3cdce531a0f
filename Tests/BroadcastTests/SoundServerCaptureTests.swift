import Broadcast
import EngineTerms
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
        XCTAssertEqual(Self.soundInput(noSource), .pulse(source: "floatapp_no_such_source"), "\(String(describing: noSource))")

        let room = SourcePlayer(source: "pulse:\(PulseAudioServer.room).monitor", options: .live)
        defer { room.close() }
        try eventually("a room plays the sound source (\(room.status))", timeout: 5, poll: 0.005) { room.status == .playing }
        XCTAssertTrue(room.hasAudio)
        XCTAssertFalse(room.hasVideo)
        room.close()

        pulse.kill()
        XCTAssertNil(DefaultDevices.microphone(), "no sound server: no microphone, you join listening only")
        let started = Date()
        XCTAssertEqual(Self.soundInput(try publishingFails(microphone: "pulse:default")), .pulse(source: "default"))
        XCTAssertEqual(Self.soundInput(try playingFails("pulse:default")), .pulse(source: "default"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "no wait on a server that is not there")
        XCTAssertEqual(Self.soundInput(try playingFails("alsa:floatapp_no_such_device")), .alsa(device: "floatapp_no_such_device"))
    }

    /// The sound input a failure names, when it is the sound input's failure to open (which
    /// AppCore words with what to check) and carries FFmpeg's reason.
    private static func soundInput(_ failure: PlaybackError?) -> SourceSpec? {
        guard case .soundInputFailed(let input, let reason)? = failure, !reason.isEmpty else { return nil }
        return input
    }

    /// Why a broadcast with `microphone` gives up, once it has (a capture that cannot open).
    private func publishingFails(microphone: String, file: StaticString = #filePath, line: UInt = #line) throws -> PlaybackError? {
        let publisher = Publisher(source: Self.camera, microphone: microphone, url: "rtmp://127.0.0.1:9/live/x")
        defer { publisher.stop() }
        try eventually("\(microphone): status \(publisher.status)", timeout: 5, poll: 0.005) { publisher.status.isFinal }
        guard case .failed(.capture(let error)) = publisher.status else {
            XCTFail("expected a capture that cannot open, found \(publisher.status)", file: file, line: line)
            return nil
        }
        return error
    }

    /// Why a live room playing `source` failed, once it has for good (not reconnecting).
    private func playingFails(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> PlaybackError? {
        let session = SourcePlayer(source: source, options: .live)
        defer { session.close() }
        try eventually("\(source): status \(session.status)", timeout: 5, poll: 0.005) { session.status.isFinal }
        guard case .failed(let error) = session.status else {
            XCTFail("expected a failure, found \(session.status)", file: file, line: line)
            return nil
        }
        return error
    }
}

/// `ffmpeg` playing a sine into a PulseAudio sink in real time, as a desktop app plays sound.
private final class TonePlayer {
    private let process: ChildProcess

    init(frequency: Double, sink: String) throws {
        process = try ChildProcess(executable: "/usr/bin/ffmpeg", arguments: [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-f", "lavfi",
            "-i", "sine=f=\(frequency):sample_rate=48000", "-t", "60", "-f", "pulse", "-device", sink, "floatapp-tone"])
    }

    func stop() {
        process.terminate()
    }

    deinit { stop() }
}
