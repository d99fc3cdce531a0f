import Foundation
import TestSupport
import XCTest

/// libavdevice, with libavfilter and the libraries they pull in, is loaded only when a room
/// first opens a device source (`lavfi:`, a camera, a screen, a sound server): a file room
/// plays without it, and opening a `lavfi:` room in the same run loads it and plays.
final class DeviceLibraryE2ETests: AppE2ETestCase {
    func testAFileRoomPlaysWithoutLibavdeviceAndALavfiRoomLoadsIt() throws {
        let media = try TestPaths.makeTemporaryFolder(prefix: "floatapp-device-library")
        defer { try? FileManager.default.removeItem(at: media) }
        let clip = media.appendingPathComponent("clip.mp4")
        try TestVideoFile.write(to: clip)

        let session = try startApp(rooms: [.live("clip", title: "Clip", source: clip.path),
                                           .live("pattern", title: "Pattern")],
                                   arguments: ["--open", "clip"])
        // /proc files have no size, so they are read to their end, not by their length.
        let mapped = { () throws -> String in
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(session.app.process.pid)/maps"))
            defer { try? file.close() }
            return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        }
        try session.run {
            try session.waitForMainFrames(of: "clip")
            let before = try mapped()
            XCTAssertTrue(before.contains("/libavformat.so."), "the maps are the app's:\n\(before.prefix(2000))")
            XCTAssertFalse(before.contains("/libavdevice.so."), "a file room needs no libavdevice")
            XCTAssertFalse(before.contains("/libavfilter.so."), "nor libavfilter")

            try session.focusMain()
            session.desktop.key(.escape)
            session.desktop.key(.down)
            session.desktop.key(.returnKey)
            try session.waitForMainFrames(of: "pattern")
            XCTAssertTrue(try mapped().contains("/libavdevice.so."), "the lavfi room loaded libavdevice")
        }
    }
}
