import Foundation
import TestSupport
import XCTest

/// libavdevice, with libavfilter and the libraries they pull in, is loaded only when the rooms
/// may open a device source (`lavfi:`, a camera, a screen, a sound server, a joined call), and
/// then ahead of time: at start before the main window shows, or when a rooms-file change adds
/// such a room, before it can be opened. Loading it while a room plays held every thread that
/// started one (the float stopped following a drag for seconds on a busy machine).
final class DeviceLibraryE2ETests: AppE2ETestCase {
    func testAFileOnlyListPlaysWithoutLibavdeviceAndAnAddedLavfiRoomLoadsItBeforeItIsOpened() throws {
        let media = try TestPaths.makeTemporaryFolder(prefix: "floatapp-device-library")
        defer { try? FileManager.default.removeItem(at: media) }
        let clip = media.appendingPathComponent("clip.mp4")
        try TestVideoFile.write(to: clip)
        let file = RoomsFixture.Room.live("clip", title: "Clip", source: clip.path)

        let session = try startApp(rooms: [file], arguments: ["--open", "clip"])
        try session.run {
            try session.waitForMainFrames(of: "clip")
            let before = try mappedLibraries(of: session)
            XCTAssertTrue(before.contains("/libavformat.so."), "the maps are the app's:\n\(before.prefix(2000))")
            XCTAssertFalse(before.contains("/libavdevice.so."), "a list of file rooms needs no libavdevice")
            XCTAssertFalse(before.contains("/libavfilter.so."), "nor libavfilter")

            _ = try RoomsFixture(rooms: [file, .live("pattern", title: "Pattern")]).write(in: session.desktop.workFolder)
            try eventually("the app reads the rooms file again\n\(session.app.outputTail())", timeout: 10) {
                session.stats.events(named: "rooms_reloaded").last?.fields["rooms"] == "2"
            }
            XCTAssertTrue(try mappedLibraries(of: session).contains("/libavdevice.so."),
                          "the reload that added a lavfi room loaded libavdevice before the room opened")
            XCTAssertTrue(session.stats.events(named: "frame", matching: ["room": "pattern"]).isEmpty, "the room is not open yet")

            try session.focusMain()
            session.desktop.key(.escape)
            session.desktop.key(.down)
            session.desktop.key(.returnKey)
            try session.waitForMainFrames(of: "pattern")
        }
    }

    func testALavfiRoomInTheListIsLoadedBeforeTheMainWindowShows() throws {
        let session = try startApp(rooms: [.live("pattern", title: "Pattern")])
        try session.run {
            // RunningApp waited for the main window: the library was loaded before it showed.
            XCTAssertTrue(try mappedLibraries(of: session).contains("/libavdevice.so."),
                          "a list with a lavfi room loads libavdevice at start, before any room opens")
            XCTAssertTrue(session.stats.events(named: "frame").isEmpty, "no room is open")
        }
    }

    /// The files mapped into the app's memory (/proc files have no size, so they are read to
    /// their end, not by their length).
    private func mappedLibraries(of session: RunningApp) throws -> String {
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(session.app.process.pid)/maps"))
        defer { try? file.close() }
        return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    }
}
