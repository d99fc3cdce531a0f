import Foundation
import TestSupport
import XCTest

/// D8 in the real app: a 3 s file given as an argument plays as a recording, under no LIVE badge
/// (its clock reads position / length, seen in the screenshots), reaches Ended and stays there
/// without reconnecting, and Enter plays it again from its start.
final class RecordingE2ETests: AppE2ETestCase {
    /// A grey 3 s MPEG-4 + AAC file: no red in the picture, so any red in the badge's place is a badge.
    private func writeClip() throws -> URL {
        let folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-recording")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("three seconds.mp4")
        try TestVideoFile.writeWithSound(to: file, picture: "color=c=0x606060:size=320x180:rate=25:duration=3", seconds: 3)
        return file
    }

    /// Pixels of the LIVE badge's colour (Theme.live, #e53935) where the room view puts its badge.
    private func badgeRedPixels(_ session: RunningApp) throws -> Int {
        let main = try session.mainRect()
        let area = try session.desktop.grab(DesktopRect(x: main.x, y: main.y, width: 120, height: 48))
        return area.pixels.filter { $0.red > 170 && $0.green < 110 && $0.blue < 110 }.count
    }

    /// True when the title overlay's shade darkens the grey picture's top rows: the controls show.
    private func topIsShaded(_ session: RunningApp) throws -> Bool {
        let main = try session.mainRect()
        let row = try session.desktop.grab(DesktopRect(x: main.x + main.width / 2, y: main.y + 2, width: 20, height: 2))
        return row.pixels.allSatisfy { $0.red < 0x40 }
    }

    func testAFileGivenAsAnArgumentPlaysAsARecordingEndsForGoodAndEnterReplaysIt() throws {
        let file = try writeClip()
        let session = try startApp(rooms: [.live("pattern", title: "Pattern")], arguments: ["--log-level", "info", file.path])
        try session.run {
            let room = ["room": "opened-1"]
            try session.waitForEvents("status", room.merging(["status": "playing"]) { $1 }, timeout: 10)
            try eventually("the log says the file plays as a recording", timeout: 3) {
                session.app.outputTail(lines: 400).contains("room \"opened-1\" plays a recording of 3.0 s")
            }
            try session.waitForMainFrames(of: "opened-1")
            let main = try session.mainRect()
            session.desktop.moveMouse(to: DesktopPoint(x: main.x + main.width / 2, y: main.y + main.height / 2))
            session.desktop.moveMouse(by: 12, 8)
            try eventually("the controls show over the playing file", timeout: 2) { try topIsShaded(session) }
            XCTAssertEqual(try badgeRedPixels(session), 0, "no LIVE badge over a playing recording")
            _ = try session.desktop.screenshot("1-recording-playing")

            try session.waitForEvents("status", room.merging(["status": "ended"]) { $1 }, timeout: 6)
            let ended = session.stats.events().count
            _ = try session.desktop.screenshot("2-recording-ended")
            XCTAssertEqual(try badgeRedPixels(session), 0, "no LIVE badge over an ended recording")
            // Nothing can show that no reconnection comes but time: the room stays Ended for 2 s.
            Thread.sleep(forTimeInterval: 2)
            let after = session.stats.events().dropFirst(ended).filter { $0.name == "status" || $0.name == "source_open" }
            XCTAssertTrue(after.isEmpty, "the ended recording stays ended: \(session.summary())")
            XCTAssertEqual(session.app.outputTail(lines: 400).components(separatedBy: "opened opened-1").count, 2,
                           "opened once until Enter: \(session.app.outputTail())")

            try session.focusMain()
            session.desktop.key(.returnKey)
            try session.waitForEvents("status", room.merging(["status": "playing"]) { $1 }, count: 2, timeout: 10)
            XCTAssertEqual(session.stats.events(named: "source_open", matching: room).map { $0.fields["count"] }, ["1", "1"],
                           "Enter opened the file again from scratch")
        }
    }
}
