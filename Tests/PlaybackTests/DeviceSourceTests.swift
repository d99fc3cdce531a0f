import Foundation
import Playback
import TestSupport
import XCTest

final class DeviceSourceTests: XCTestCase {
    func testX11GrabCapturesAVirtualScreen() throws {
        let display = 90 + Int.random(in: 0..<400)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [":\(display)", "-screen", "0", "320x240x24", "-nolisten", "tcp"]
        server.standardError = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        try eventually("FileManager.default.fileExists(atPath: \"/tmp/.X11-unix/X\\(display)\")", timeout: 5, poll: 0.005) {
            FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)")
        }

        let session = SourcePlayer(source: "x11grab::\(display)")
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
