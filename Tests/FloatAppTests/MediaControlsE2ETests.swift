import Foundation
import TestSupport
import XCTest

/// The app as an MPRIS player on a private session bus, driven by the real `playerctl` and
/// `dbus-send`: it owns its name while a room is open, shows the room, and obeys play/pause,
/// stop, volume and Raise.
final class MediaControlsE2ETests: AppE2ETestCase {
    private let alpha = RoomsFixture.Room.live("alpha", title: "Alpha Room")
    private let beta = RoomsFixture.Room.live("beta", title: "Beta Room")

    /// Starts a bus, a desktop and the app on it with `arguments`.
    private func startOnBus(_ arguments: [String]) throws -> (SessionBus, RunningApp) {
        let desktop = try startDesktop()
        let bus = try SessionBus(in: desktop.workFolder, for: self)
        let roomsFile = try RoomsFixture(rooms: [alpha, beta]).write(in: desktop.workFolder)
        let session = try RunningApp(roomsFile: roomsFile, arguments: arguments, on: desktop) { arguments in
            try launchApp(arguments + ["--log-level", "info"], on: desktop,
                          environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        }
        return (bus, session)
    }

    /// Waits until `playerctl ARGUMENTS` prints `expected`.
    private func waitForPlayerctl(_ bus: SessionBus, _ arguments: String..., equal expected: String,
                                  timeout: TimeInterval = 5) throws {
        var last = ""
        try eventually("playerctl \(arguments.joined(separator: " ")) prints \(expected) (last: \(last))",
                       timeout: timeout, poll: 0.1) {
            last = try bus.run("/usr/bin/playerctl", arguments).output
            return last == expected
        }
    }

    /// The main window's frames of `id` presented so far.
    private func mainFrames(_ session: RunningApp, _ id: String) -> Int {
        session.stats.events(named: "frame", matching: ["window": "main", "room": id]).count
    }

    func testPlayerctlListsTheRoomPausesResumesSetsTheVolumeAndQuits() throws {
        let (bus, session) = try startOnBus(["--open", alpha.id])
        try session.run {
            try waitForPlayerctl(bus, "-l", equal: "floatapp", timeout: 10)
            try waitForPlayerctl(bus, "-p", "floatapp", "metadata", "title", equal: "Alpha Room")
            try waitForPlayerctl(bus, "-p", "floatapp", "status", equal: "Playing")
            XCTAssertTrue(try bus.playerctl("-p", "floatapp", "metadata", "mpris:artUrl").hasSuffix("floatapp.svg"))
            let entry = try bus.run("/usr/bin/dbus-send", [
                "--session", "--print-reply=literal", "--dest=org.mpris.MediaPlayer2.floatapp", "/org/mpris/MediaPlayer2",
                "org.freedesktop.DBus.Properties.Get", "string:org.mpris.MediaPlayer2", "string:DesktopEntry",
            ])
            XCTAssertEqual(entry.output.split(separator: " ").last, Substring(DesktopEntryTests.applicationID),
                           "a panel finds the desktop file by DesktopEntry: \(entry.output)")
            try session.waitForMainFrames(of: alpha.id)

            try bus.playerctl("-p", "floatapp", "play-pause")
            try session.waitForEvents("paused", ["room": alpha.id, "paused": "1"])
            try waitForPlayerctl(bus, "-p", "floatapp", "status", equal: "Paused")
            // A frame already on its way may land; after that, none for a second.
            Thread.sleep(forTimeInterval: 0.3)
            let paused = mainFrames(session, alpha.id)
            Thread.sleep(forTimeInterval: 1)
            XCTAssertEqual(mainFrames(session, alpha.id), paused, "a paused room presents no frames")

            try bus.playerctl("-p", "floatapp", "play-pause")
            try session.waitForEvents("paused", ["room": alpha.id, "paused": "0"])
            try waitForPlayerctl(bus, "-p", "floatapp", "status", equal: "Playing")
            try session.waitForEvents("frame", ["window": "main", "room": alpha.id], count: paused + 10)
            XCTAssertEqual(session.stats.events(named: "source_open", matching: ["room": alpha.id]).count, 1,
                           "the source stayed open through the pause")

            try bus.playerctl("-p", "floatapp", "volume", "0.3")
            try session.waitForEvents("volume", ["room": alpha.id, "volume": "0.3"])
            try waitForPlayerctl(bus, "-p", "floatapp", "volume", equal: "0.300000")

            try bus.callRoot("Quit")
            XCTAssertEqual(session.app.waitForExit(timeout: 10), .exited(0), "Quit ends the app")
        }
    }

    /// A 6 s MPEG-4 + AAC file whose pictures each carry their own time.
    private func writeClip() throws -> URL {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-pause")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("six seconds.mp4")
        try TestVideoFile.writeWithSound(to: file, picture: "testsrc2=size=320x180:rate=25:duration=6", seconds: 6)
        return file
    }

    /// The times of the main window's frames of `id` presented so far.
    private func mainFramePts(_ session: RunningApp, _ id: String) -> [Double] {
        session.stats.events(named: "frame", matching: ["window": "main", "room": id]).compactMap { $0.fields["pts"].flatMap(Double.init) }
    }

    func testAPausedRecordingResumesWhereItPaused() throws {
        let (bus, session) = try startOnBus([try writeClip().path])
        let room = "opened-1"
        try session.run {
            try waitForPlayerctl(bus, "-l", equal: "floatapp", timeout: 10)
            try session.waitForEvents("frame", ["window": "main", "room": room], count: 10, timeout: 10)
            try bus.playerctl("-p", "floatapp", "pause")
            try session.waitForEvents("paused", ["room": room, "paused": "1"])
            Thread.sleep(forTimeInterval: 1.5)
            let before = mainFramePts(session, room)
            let heldAt = try XCTUnwrap(before.last)

            try bus.playerctl("-p", "floatapp", "play")
            try session.waitForEvents("paused", ["room": room, "paused": "0"])
            try session.waitForEvents("frame", ["window": "main", "room": room], count: before.count + 1)
            let resumed = mainFramePts(session, room)[before.count]
            XCTAssertLessThan(resumed - heldAt, 0.2,
                              "after a 1.5 s pause the recording goes on from its paused picture \(heldAt), not 1.5 s later")
            XCTAssertGreaterThan(resumed, heldAt)
        }
    }

    func testTheTitleFollowsTheRoomRaiseRestoresAndStopReleasesTheFloat() throws {
        let (bus, session) = try startOnBus(["--open", alpha.id, "--float"])
        try session.run {
            let desktop = session.desktop
            _ = try session.waitForFloat(of: alpha.title)
            try waitForPlayerctl(bus, "-p", "floatapp", "metadata", "title", equal: "Alpha Room", timeout: 10)

            let before = mainFrames(session, alpha.id)
            try bus.callRoot("Raise")
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("frame", ["window": "main", "room": alpha.id], count: before + 5)
            XCTAssertEqual(desktop.activeWindow(), session.mainWindow, "the main window is raised and focused")

            // Leaving the room gives the name up; opening another takes it again with its title.
            try session.focusMain()
            desktop.key(.escape)
            try session.waitForEvents("stop", ["room": alpha.id])
            try waitForPlayerctl(bus, "-l", equal: "", timeout: 5)
            desktop.key(.down)
            desktop.key(.returnKey)
            try waitForPlayerctl(bus, "-p", "floatapp", "metadata", "title", equal: "Beta Room", timeout: 10)

            desktop.key(.p)
            _ = try session.waitForFloat(of: beta.title)
            try bus.playerctl("-p", "floatapp", "stop")
            try session.waitUntilFloatIsGone()
            try session.waitForEvents("stop", ["room": beta.id])
            try waitForPlayerctl(bus, "-l", equal: "", timeout: 5)
        }
    }

    func testWithoutASessionBusTheAppSaysSoOnceAndPlays() throws {
        let session = try startApp(rooms: [alpha], arguments: ["--open", alpha.id, "--log-level", "info"])
        try session.run {
            try session.waitForMainFrames(of: alpha.id)
            let said = try eventuallyValue("the app logs that media controls are off", timeout: 5) { () -> Int? in
                let count = session.app.outputTail(lines: 200).components(separatedBy: "media controls are off").count - 1
                return count > 0 ? count : nil
            }
            XCTAssertEqual(said, 1, "one info line")
            XCTAssertTrue(session.app.isRunning)
        }
    }
}
