import Foundation
import Playback
import TestSupport
import XCTest

final class DeviceSourceTests: XCTestCase {
    func testX11GrabCapturesAVirtualScreen() throws {
        let display = VirtualDisplay()
        try display.start()

        let session = SourcePlayer(source: "x11grab:" + display.name)
        defer { session.close() }
        try eventually("\(session.status)", timeout: 5, poll: 0.005) { session.takeFrame() != nil }
        XCTAssertEqual(session.status, .playing)
        XCTAssertEqual(session.videoSize?.width, 320)
        XCTAssertEqual(session.videoSize?.height, 240)
        XCTAssertFalse(session.hasAudio)
    }

    func testMissingCameraFails() throws {
        let session = SourcePlayer(source: "v4l2:/dev/video-none")
        defer { session.close() }
        try eventually("session.status.isFinal", timeout: 3, poll: 0.005) { session.status.isFinal }
        XCTAssertTrue(session.status.isFailure, "\(session.status)")
    }
}
