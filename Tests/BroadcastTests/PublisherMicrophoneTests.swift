import Broadcast
import Foundation
import LiveServerTestSupport
import Playback
import TestSupport
import XCTest

/// A broadcast with a microphone of its own (the calls' camera and microphone): the sound sent is
/// the microphone's, never the picture source's; a microphone without sound fails clearly.
final class PublisherMicrophoneTests: XCTestCase {
    private var nginx: NginxServer!
    /// The picture source, with a 440 Hz tone of its own.
    private static let camera = "lavfi:testsrc2=size=320x180:rate=30[out0];sine=f=440:sample_rate=48000[out1]"

    override func setUpWithError() throws {
        nginx = try NginxServer()
        try nginx.start()
    }

    override func tearDown() {
        nginx = nil
    }

    func testTheSoundSentIsTheMicrophonesNotTheCamerasOwn() throws {
        let url = nginx.rtmpURL("mic")
        let publisher = Publisher(source: Self.camera, microphone: "lavfi:sine=f=1000:sample_rate=48000", url: url)
        defer { publisher.stop() }
        try eventually("status \(publisher.status)", timeout: 10, poll: 0.005) { publisher.status == .live }
        try PublishedSound(pulling: url, seconds: 2).assertTone(1000, without: 440)
        XCTAssertNotNil(publisher.currentPreview(), "the picture still comes from the camera")
        publisher.stop()
        XCTAssertEqual(publisher.workingThreads, 0, "the microphone's thread ends with the broadcast")
    }

    func testAMicrophoneWithoutSoundFailsTheBroadcast() throws {
        let publisher = Publisher(source: Self.camera, microphone: "lavfi:testsrc2=size=160x90:rate=10", url: nginx.rtmpURL("mute"))
        defer { publisher.stop() }
        try eventually("status \(publisher.status)", timeout: 10, poll: 0.005) { publisher.status.isFinal }
        XCTAssertEqual(publisher.status, .failed(.capture(.noPlayableStream)))
    }
}
