import Foundation
import TestSupport
import XCTest

/// Opening rooms from the list while one floats (W2), refusals for hosts (M2), and
/// releasing the float with its close button or Ctrl+W (P10), on a real desktop.
final class SessionListE2ETests: SessionE2ETestCase {
    private let fullCycle = ["willStart", "didStart", "willStop", "didStop"]

    func testOpeningTheFloatingRoomFromTheListResumesIt() throws {
        let room = TestRoom(id: "resume-live", title: "Resume Live")
        let session = try startSession([room, TestRoom(id: "other-live", title: "Other Live")])
        try inSession(session) {
            try session.openFromList(room)
            session.desktop.key(.p)
            _ = try session.waitForFloat(of: room)
            // Let the float play past 1 s, so a restarted source would show as a pts reset.
            try eventually("the float presents frames past pts 1 s", timeout: 10) {
                session.frames("float", of: room).contains { ($0.pts ?? 0) >= 1 }
            }
            try session.screenshot("1-floating")

            let firstMain = try session.openFromList(room)
            try session.waitUntilNoFloat()
            try session.waitForMainPicture()
            try session.screenshot("2-resumed")

            XCTAssertEqual(session.lifecycle(), fullCycle)
            XCTAssertEqual(session.stats.events(named: "open").count, 1, "resuming opens nothing")
            XCTAssertEqual(session.stats.events(named: "source_open").count, 1, "resuming opens no source")
            XCTAssertEqual(session.stats.events(named: "stop").count, 0, "resuming stops nothing")
            let lastFloatPTS = try XCTUnwrap(
                session.frames("float", of: room).filter { $0.time < firstMain.time }.compactMap(\.pts).max())
            let resumedPTS = try XCTUnwrap(firstMain.pts)
            XCTAssertGreaterThanOrEqual(lastFloatPTS, 1)
            XCTAssertGreaterThanOrEqual(
                resumedPTS, lastFloatPTS, "the first main frame after resuming continues the float's playback")
            XCTAssertLessThan(resumedPTS - lastFloatPTS, 1, "no jump either")
            print("W2 resume: last float pts \(lastFloatPTS) s, first main pts \(resumedPTS) s")
        }
    }

    func testOpeningAnotherRoomReleasesTheFloat() throws {
        let first = TestRoom(id: "first-live", title: "First Live")
        let second = TestRoom(id: "second-live", title: "Second Live")
        let session = try startSession([first, second])
        try inSession(session) {
            try session.openFromList(first)
            session.desktop.key(.p)
            _ = try session.waitForFloat(of: first)
            try session.screenshot("1-first-floating")

            try session.openFromList(second)
            try session.waitUntilNoFloat()
            try session.screenshot("2-second-open")

            let stops = session.stats.events(named: "stop")
            XCTAssertEqual(stops.map { $0.fields["room"] }, [first.id], "the floating room is released")
            let opens = session.stats.events(named: "open")
            XCTAssertEqual(opens.map { $0.fields["room"] }, [first.id, second.id])
            let stop = try XCTUnwrap(stops.first)
            XCTAssertLessThanOrEqual(stop.time, try XCTUnwrap(opens.last).time, "released before the new room opens")
            XCTAssertEqual(session.lifecycle(), fullCycle)
            let lateFrames = session.stats.events(named: "frame", matching: ["room": first.id]).filter { $0.time > stop.time }
            XCTAssertEqual(lateFrames.count, 0, "the released room's playback stopped")
        }
    }

    func testHostRoomRefusesPiPWithAToast() throws {
        let host = TestRoom(id: "host-room", title: "Host Room", role: "host", source: TestRoom.stillSource)
        let session = try startSession([host])
        try inSession(session) {
            try session.openFromList(host)
            let main = try session.mainRect()
            let scale = try session.scale()
            // The toast sits centred above the control bar: from 120 to 80 points above the bottom.
            let toastArea = DesktopRect(
                x: main.center.x - Int(100 * scale), y: main.maxY - Int(120 * scale),
                width: Int(200 * scale), height: Int(40 * scale))
            var previous: Image?
            let before = try eventuallyValue("the host preview under the toast area is still", timeout: 5, poll: 0.1) {
                () -> Image? in
                let image = try session.desktop.grab(toastArea)
                defer { previous = image }
                return previous.map { image.meanAbsoluteDifference(to: $0) } == 0 ? image : nil
            }
            try session.screenshot("1-host-preview")

            session.desktop.key(.p)
            try eventually("the refusal is reported: \(session.lifecycle())", timeout: 5) {
                session.lifecycle() == ["failedToStart(hosting)"]
            }
            let difference = try eventuallyValue("a toast covers the toast area", timeout: 3) { () -> Double? in
                let difference = try session.desktop.grab(toastArea).meanAbsoluteDifference(to: before)
                return difference > 20 ? difference : nil
            }
            try session.screenshot("2-toast")
            print("M2 host toast: mean pixel difference \(difference) in \(toastArea)")
            XCTAssertEqual(session.viewableFloats(), [], "a refused request shows no float")
            XCTAssertEqual(session.stats.events(named: "float_shown").count, 0)
            XCTAssertEqual(session.stats.events(named: "layout").count, 0, "nothing is re-laid-out")
        }
    }

    func testCloseButtonAndControlWReleaseTheFloat() throws {
        let room = TestRoom(id: "close-live", title: "Close Live", source: TestRoom.stillSource)
        let session = try startSession([room])
        try inSession(session) {
            try session.openFromList(room)
            session.desktop.key(.p)
            let float = try session.waitForFloat(of: room)

            // Hover, then click the close button at the float's top-right corner (P5).
            let scale = try session.scale()
            let side = Int((32 * scale).rounded())
            let margin = Int((6 * scale).rounded())
            let close = DesktopRect(
                x: float.rect.maxX - side - margin, y: float.rect.y + margin, width: side, height: side)
            let plain = try session.desktop.grab(close)
            session.desktop.moveMouse(to: close.center)
            try eventually("hovering reveals the close button", timeout: 5) {
                try session.desktop.grab(close).meanAbsoluteDifference(to: plain) > 20
            }
            try session.screenshot("1-hover")
            session.desktop.click(at: close.center)
            try session.waitUntilNoFloat()
            try eventually("the close button releases the room", timeout: 5) {
                session.stats.events(named: "stop", matching: ["room": room.id]).count == 1
            }
            XCTAssertEqual(session.lifecycle(), fullCycle)
            try session.screenshot("2-closed")
            // The main window shows the list: Enter there opens the room again.
            try session.openFromList(room)
            XCTAssertEqual(session.stats.events(named: "open").count, 2)

            // Ctrl+W on the focused float releases it too (P12).
            session.desktop.key(.p)
            let second = try session.waitForFloat(of: room)
            session.desktop.activate(second.window)
            try eventually("the float takes the focus", timeout: 5) { session.desktop.activeWindow() == second.window }
            session.desktop.key(.w, modifiers: [.control])
            try session.waitUntilNoFloat()
            try eventually("Ctrl+W releases the room", timeout: 5) {
                session.stats.events(named: "stop", matching: ["room": room.id]).count == 2
            }
            XCTAssertEqual(session.lifecycle(), fullCycle + fullCycle)
            try session.openFromList(room)
            XCTAssertEqual(session.stats.events(named: "open").count, 3)
            XCTAssertEqual(session.floatWindows().count, 1, "the hidden float window is reused, never doubled")
        }
    }
}
