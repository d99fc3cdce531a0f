import Foundation
import TestSupport
import XCTest

/// Minimizing the main window floats the playing room (P1, `auto_pip`), bringing it back
/// ends PiP (P16, `auto_exit`), and there is never a second float (P14), on a real desktop.
final class SessionAutoPiPE2ETests: SessionE2ETestCase {
    private let room = TestRoom(id: "auto-live", title: "Auto Live")

    /// Opens the room and waits until the session model knows it plays (auto PiP needs that).
    private func openAndPlay(_ session: SessionRun) throws {
        try session.openFromList(room)
        try eventually("the room reports playing", timeout: 10) {
            !session.stats.events(named: "status", matching: ["room": room.id, "status": "playing"]).isEmpty
        }
    }

    func testMinimizingFloatsAndComingBackEndsPiP() throws {
        let session = try startSession([room])
        try inSession(session) {
            try openAndPlay(session)
            session.desktop.iconifyAsTaskbar(session.main)
            _ = try session.waitForFloat(of: room)
            try eventually("the main window is minimized", timeout: 5) { session.desktop.isIconified(session.main) }
            XCTAssertEqual(session.lifecycle(), ["willStart", "didStart"])
            try session.screenshot("1-minimized-floating")

            // Bringing the main window back ends PiP: it kept the room's view, so nothing reopens.
            session.desktop.activate(session.main)
            try session.waitUntilNoFloat()
            try eventually("the main window is back", timeout: 5) {
                !session.desktop.isIconified(session.main) && session.desktop.mapState(of: session.main) == .viewable
            }
            let didStop = try eventuallyValue("PiP ends: \(session.lifecycle())", timeout: 5) {
                session.stats.events(named: "lifecycle", matching: ["event": "didStop"]).first
            }
            let firstMain = try session.waitForMainFrame(of: room, after: didStop.time)
            // openbox animates the un-minimize; the room's picture shows once that is over.
            try session.waitForMainPicture()
            try session.screenshot("2-back")
            XCTAssertEqual(session.lifecycle(), ["willStart", "didStart", "willStop", "didStop"])
            XCTAssertEqual(session.stats.events(named: "stop").count, 0, "the room keeps playing")
            XCTAssertEqual(session.stats.events(named: "open").count, 1)
            XCTAssertEqual(session.stats.events(named: "source_open").count, 1)
            let lastFloatPTS = try XCTUnwrap(session.frames("float", of: room).compactMap(\.pts).max())
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(firstMain.pts), lastFloatPTS, "playback continues")
        }
    }

    func testRepeatedRequestsNeverMakeASecondFloat() throws {
        // With auto_exit off the main window can show the floating room while the float stays,
        // so P reaches a room that already floats.
        let session = try startSession([room], settings: #"{"auto_exit": false}"#)
        try inSession(session) {
            try openAndPlay(session)
            session.desktop.iconifyAsTaskbar(session.main)
            var float = try session.waitForFloat(of: room)
            try session.focusMain()
            for _ in 0..<3 {
                session.desktop.key(.p)
            }
            // M mutes the room: once that is logged, every P before it has been handled.
            session.desktop.key(.m)
            try eventually("the mute key is handled", timeout: 5) {
                !session.stats.events(named: "mute", matching: ["room": room.id]).isEmpty
            }
            try session.screenshot("1-main-and-float")
            XCTAssertEqual(session.viewableFloats(), [float.window], "the float stays and is the only one")
            XCTAssertEqual(session.floatWindows(), [float.window])
            XCTAssertEqual(session.lifecycle(), ["willStart", "didStart"])

            // Click the float back and float again, twice: still one float window.
            for round in 1...2 {
                session.desktop.click(at: float.rect.center)
                try session.waitUntilNoFloat()
                try session.focusMain()
                session.desktop.key(.p)
                session.desktop.key(.p)
                float = try session.waitForFloat(of: room)
                try eventually("round \(round) floats once: \(session.lifecycle())", timeout: 5) {
                    session.lifecycle().filter { $0 == "willStart" }.count == round + 1
                }
                XCTAssertEqual(session.viewableFloats(), [float.window], "round \(round)")
                XCTAssertEqual(session.floatWindows(), [float.window], "round \(round)")
            }
            XCTAssertEqual(
                session.lifecycle(), Array(repeating: ["willStart", "didStart", "willStop", "didStop"], count: 2).flatMap { $0 }
                    + ["willStart", "didStart"])
        }
    }
}
