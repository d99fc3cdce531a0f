import Foundation
import TestSupport
import XCTest

/// Failures shown and retried (W5): a call participant whose source fails shows the error on
/// their own tile with a Retry that reopens only them; `--exit-on-end` exits 1 when the opened
/// room cannot play.
final class AppFailureE2ETests: AppE2ETestCase {
    /// The Retry button's fill over a tile with no picture: the accent colour (Theme.accent) at
    /// alpha 210 over black, or the full accent while hovered.
    private let retryFills = [RGB(red: 0x3e, green: 0x74, blue: 0xd2), RGB(red: 0x4c, green: 0x8d, blue: 0xff)]

    /// The centre of the Retry button drawn in `rect`, if one shows (at least 600 pixels of its fill).
    private func retryButton(in rect: DesktopRect, on desktop: TestDesktop) throws -> DesktopPoint? {
        let image = try desktop.grab(rect)
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where retryFills.contains(where: { image[x, y].distance(to: $0) <= 10 }) {
                xs.append(x)
                ys.append(y)
            }
        }
        guard xs.count >= 600 else { return nil }
        return DesktopPoint(x: rect.x + (xs.min()! + xs.max()!) / 2, y: rect.y + (ys.min()! + ys.max()!) / 2)
    }

    func testAFailedParticipantShowsItsErrorAndRetryReopensOnlyThem() throws {
        let media = try TestPaths.makeTemporaryFolder(prefix: "floatapp-late-media")
        defer { try? FileManager.default.removeItem(at: media) }
        let late = media.appendingPathComponent("late.mp4")
        let room = RoomsFixture.Room.call("huddle", title: "Huddle", participants: [
            ("Ada", RoomsFixture.colorSource("c0392b")), ("Ben", late.path), ("Cy", RoomsFixture.colorSource("f1c40f")),
        ])
        let session = try startApp(rooms: [room], arguments: ["--open", "huddle"])
        try session.run {
            let desktop = session.desktop
            let failure = try eventuallyValue("Ben's source fails: \(session.summary())", timeout: 10) {
                session.stats.events(named: "source_status", matching: ["room": "huddle", "source": "1"])
                    .compactMap { $0.fields["status"] }.first { $0.hasPrefix("failed") }
            }
            XCTAssertTrue(failure.contains("No such file"), "the participant's error says why: \(failure)")
            try session.waitForEvents("source_open", ["room": "huddle", "source": "0"])
            try session.waitForEvents("source_open", ["room": "huddle", "source": "2"])
            try session.focusMain()
            let window = try session.mainRect()
            // Between the title overlay and the control bar (whose volume slider is accent-filled too).
            let stage = DesktopRect(x: window.x, y: window.y + 56, width: window.width, height: window.height - 56 - 64)
            try eventually("the failed tile shows its Retry", timeout: 5) {
                try retryButton(in: stage, on: desktop) != nil
            }
            try desktop.screenshot("1-failed-tile")

            // R with the file still missing: Ben's source opens again and fails again.
            desktop.key(.character("r"))
            try session.waitForEvents("source_status", ["room": "huddle", "source": "1", "status": "connecting"])
            try eventually("Ben's source fails again: \(session.summary())", timeout: 5) {
                session.stats.events(named: "source_status", matching: ["room": "huddle", "source": "1"])
                    .filter { $0.fields["status"]?.hasPrefix("failed") == true }.count == 2
            }

            // The file appears; the tile's own Retry opens it.
            try TestVideoFile.write(to: late)
            let retry = try eventuallyValue("the Retry is back", timeout: 5) { try retryButton(in: stage, on: desktop) }
            desktop.moveMouse(to: retry)
            desktop.click(at: retry)
            try session.waitForEvents("source_open", ["room": "huddle", "source": "1", "count": "1"], timeout: 10)
            try session.waitForEvents("source_status", ["room": "huddle", "source": "1", "status": "playing"], timeout: 10)
            try eventually("the Retry is gone", timeout: 5) { try retryButton(in: stage, on: desktop) == nil }
            try desktop.screenshot("2-retried")

            for other in ["0", "2"] {
                XCTAssertEqual(session.stats.events(named: "source_open", matching: ["room": "huddle", "source": other]).count, 1,
                               "participant \(other) was never reopened: \(session.summary())")
            }
            XCTAssertEqual(session.stats.events(named: "open", matching: ["room": "huddle"]).count, 1, "the room was not reopened")
            XCTAssertTrue(session.stats.events(named: "stop").isEmpty, "the room never stopped")
        }
    }

    func testExitOnEndExitsWithTheErrorWhenTheOpenedRoomCannotPlay() throws {
        let desktop = try startDesktop()
        let rooms = try RoomsFixture(rooms: [.live("bad", title: "Bad Room", source: "/nonexistent.mp4")])
            .write(in: desktop.workFolder)
        let started = Date()
        let app = try launchApp(["--rooms", rooms.path, "--open", "bad", "--exit-on-end"], on: desktop)
        let status = app.waitForExit(timeout: 10)
        let elapsed = Date().timeIntervalSince(started)
        let stderr = (try? String(contentsOf: app.process.stderrURL, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, .exited(1), stderr)
        XCTAssertLessThan(elapsed, 5, "exits within a few seconds")
        XCTAssertTrue(stderr.contains("\"bad\"") && stderr.contains("No such file"), "names the room and the error: \(stderr)")
    }

    /// FFmpeg's own explanation follows the one log level: `--log-level debug` shows why a
    /// graph was refused ("No such filter") beside the app's error, which at the default level
    /// stands alone.
    func testDebugLoggingShowsFFmpegsOwnReason() throws {
        let desktop = try startDesktop()
        let rooms = try RoomsFixture(rooms: [.live("bad", title: "Bad Graph", source: "lavfi:nosuchfilter")])
            .write(in: desktop.workFolder)
        var stderrByLevel: [String: String] = [:]
        for level in ["warn", "debug"] {
            let app = try launchApp(["--rooms", rooms.path, "--open", "bad", "--exit-on-end", "--log-level", level], on: desktop)
            let status = app.waitForExit(timeout: 10)
            let stderr = (try? String(contentsOf: app.process.stderrURL, encoding: .utf8)) ?? ""
            XCTAssertEqual(status, .exited(1), stderr)
            XCTAssertTrue(stderr.contains("cannot play \"bad\""), "the app's own error at \(level): \(stderr)")
            stderrByLevel[level] = stderr
        }
        XCTAssertTrue(stderrByLevel["debug", default: ""].contains("No such filter: 'nosuchfilter'"), stderrByLevel["debug", default: ""])
        XCTAssertFalse(stderrByLevel["warn", default: ""].contains("No such filter"), stderrByLevel["warn", default: ""])
    }
}
