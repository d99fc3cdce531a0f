@testable import Broadcast
import Foundation
import Rooms
import XCTest

/// R5's defaults: which of the sound server's sources is the microphone, and the camera.
final class DefaultDevicesTests: XCTestCase {
    /// `pactl list short sources` on a laptop with PulseAudio, its echo canceller loaded.
    private static let pulseAudioListing = """
    0\talsa_output.pci-0000_00_1f.3.analog-stereo.monitor\tmodule-alsa-card.c\ts16le 2ch 48000Hz\tSUSPENDED
    1\talsa_input.pci-0000_00_1f.3.analog-stereo\tmodule-alsa-card.c\ts16le 2ch 48000Hz\tSUSPENDED
    2\talsa_input.pci-0000_00_1f.3.analog-stereo.echo-cancel\tmodule-echo-cancel.c\tfloat32le 1ch 32000Hz\tIDLE
    3\talsa_output.pci-0000_00_1f.3.analog-stereo.echo-cancel.monitor\tmodule-echo-cancel.c\tfloat32le 1ch 32000Hz\tIDLE

    """

    /// The same desktop on PipeWire's pulse server with `libpipewire-module-echo-cancel`.
    private static let pipeWireListing = """
    52\talsa_output.pci-0000_00_1f.3.analog-stereo.monitor\tPipeWire\ts32le 2ch 48000Hz\tSUSPENDED
    53\talsa_input.pci-0000_00_1f.3.analog-stereo\tPipeWire\ts32le 2ch 48000Hz\tSUSPENDED
    61\techo-cancel-sink.monitor\tPipeWire\tfloat32le 1ch 48000Hz\tIDLE
    62\techo-cancel-source\tPipeWire\tfloat32le 1ch 48000Hz\tIDLE
    """

    private func sources(_ names: String...) -> [SoundSource] {
        names.map { SoundSource(name: $0, driver: $0.contains("echo-cancel") ? "module-echo-cancel.c" : "module-alsa-card.c") }
    }

    func testTheListIsReadFromPactlsShortFormat() {
        let listed = SoundSource.parseList(Self.pulseAudioListing)
        XCTAssertEqual(listed.map(\.name), [
            "alsa_output.pci-0000_00_1f.3.analog-stereo.monitor", "alsa_input.pci-0000_00_1f.3.analog-stereo",
            "alsa_input.pci-0000_00_1f.3.analog-stereo.echo-cancel", "alsa_output.pci-0000_00_1f.3.analog-stereo.echo-cancel.monitor",
        ])
        XCTAssertEqual(listed.map(\.isMonitor), [true, false, false, true])
        XCTAssertEqual(listed.map(\.isEchoCancelled), [false, false, true, true])
        XCTAssertEqual(SoundSource.parseList(Self.pipeWireListing).map(\.isEchoCancelled), [false, false, true, true])
        XCTAssertEqual(SoundSource.parseList("Connection failure: Connection refused\n\n3\tx\n"), [], "lines without a driver are skipped")
    }

    func testTheEchoCancelledSourceIsPreferredOverTheDefault() {
        let mic = "alsa_input.pci-0000_00_1f.3.analog-stereo"
        XCTAssertEqual(DefaultDevices.microphone(from: SoundSource.parseList(Self.pulseAudioListing), defaultSource: mic),
                       .pulse(source: mic + ".echo-cancel"))
        XCTAssertEqual(DefaultDevices.microphone(from: SoundSource.parseList(Self.pipeWireListing), defaultSource: mic),
                       .pulse(source: "echo-cancel-source"))
    }

    func testTheDefaultEchoCancelledSourceComesFirstAmongSeveral() {
        let listed = sources("usb-mic.echo-cancel", "laptop-mic.echo-cancel", "laptop-mic")
        XCTAssertEqual(DefaultDevices.microphone(from: listed, defaultSource: "laptop-mic.echo-cancel"),
                       .pulse(source: "laptop-mic.echo-cancel"))
        XCTAssertEqual(DefaultDevices.microphone(from: listed, defaultSource: "laptop-mic"), .pulse(source: "usb-mic.echo-cancel"))
    }

    func testWithoutEchoCancellationTheDefaultSourceIsTheMicrophone() {
        let listed = sources("speakers.monitor", "usb-mic", "laptop-mic")
        XCTAssertEqual(DefaultDevices.microphone(from: listed, defaultSource: "laptop-mic"), .pulse(source: "laptop-mic"))
        XCTAssertEqual(DefaultDevices.microphone(from: listed, defaultSource: nil), .pulse(source: "usb-mic"),
                       "no default known: the first source that is not a monitor")
    }

    func testAMonitorIsNeverTheMicrophone() {
        XCTAssertNil(DefaultDevices.microphone(from: sources("speakers.monitor"), defaultSource: "speakers.monitor"))
        XCTAssertEqual(DefaultDevices.microphone(from: sources("speakers.monitor", "laptop-mic"), defaultSource: "speakers.monitor"),
                       .pulse(source: "laptop-mic"))
        XCTAssertNil(DefaultDevices.microphone(from: sources("speakers.echo-cancel.monitor"), defaultSource: nil),
                     "an echo canceller's monitor is still a monitor")
        XCTAssertNil(DefaultDevices.microphone(from: [], defaultSource: nil))
    }

    func testEchoCancellationIsRecognisedInTheNamesPipeWireConfigsGiveIt() {
        for name in ["echo-cancel-source", "source.echo_cancel", "Echo Cancellation Source", "mic.echo-cancel"] {
            XCTAssertTrue(SoundSource(name: name, driver: "PipeWire").isEchoCancelled, name)
        }
        for name in ["alsa_input.usb-echo_audio", "cancelled-mic", "echo"] {
            XCTAssertFalse(SoundSource(name: name, driver: "PipeWire").isEchoCancelled, name)
        }
    }

    func testANameThePulseSyntaxCannotCarryIsPassedOver() {
        let listed = [SoundSource(name: " echo-cancel mic", driver: "PipeWire"), SoundSource(name: "laptop-mic", driver: "PipeWire")]
        XCTAssertEqual(DefaultDevices.microphone(from: listed, defaultSource: "laptop-mic"), .pulse(source: "laptop-mic"))
    }

    func testTheCameraIsACharacterDeviceThatExists() throws {
        XCTAssertEqual(DefaultDevices.camera(at: "/dev/null"), .v4l2(device: "/dev/null"))
        XCTAssertNil(DefaultDevices.camera(at: "/dev/floatapp-no-such-camera"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("floatapp-not-a-camera-\(getpid())")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertNil(DefaultDevices.camera(at: file.path), "a plain file is no camera")
        XCTAssertEqual(DefaultDevices.camera(), FileManager.default.fileExists(atPath: "/dev/video0") ? .v4l2(device: "/dev/video0") : nil)
    }
}
