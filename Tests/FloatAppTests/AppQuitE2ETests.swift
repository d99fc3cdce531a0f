import Foundation
import TestSupport
import XCTest

/// Closing the main window (W7): the app quits, float included, after saving the placement.
final class AppQuitE2ETests: AppE2ETestCase {
    func testClosingTheMainWindowQuitsAndSavesThePlacement() throws {
        let room = RoomsFixture.Room.live("still", title: "Still Live", source: RoomsFixture.colorSource("2a6f97"))
        let session = try startApp(rooms: [room], arguments: ["--open", room.id, "--float"])
        let stateFile = session.app.stateHome.appendingPathComponent("floatapp/state.json")
        try session.run {
            let desktop = session.desktop
            let float = try session.waitForFloat(of: room.title)
            let workArea = try XCTUnwrap(desktop.workArea())

            // Move the float to the bottom-left corner, so the saved corner is not the default one.
            try desktop.focus(float)
            desktop.key(.left)
            try eventually("the float settles at the bottom-left corner: \(desktop.describe(float))", timeout: 5) {
                guard let frame = desktop.geometry(of: float) else { return false }
                return abs(frame.minX - (workArea.minX + 16)) <= 2 && abs(frame.maxY - (workArea.maxY - 16)) <= 2
            }
            // Whatever the move saved is dropped: what is found after closing was saved when closing.
            try? FileManager.default.removeItem(at: stateFile)

            desktop.requestClose(session.mainWindow)
            let status = session.app.waitForExit(timeout: 5)
            XCTAssertEqual(status, .exited(0), "the app quits cleanly when its main window closes")
            XCTAssertTrue(desktop.findWindows(.titleSuffix(" - PiP")).isEmpty, "the float went with the app")
            XCTAssertTrue(desktop.findWindows(.title("FloatApp")).isEmpty, "the main window is gone")

            let data = try Data(contentsOf: stateFile)
            let state = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            let placement = try XCTUnwrap(state["placement"] as? [String: Any], "\(state)")
            XCTAssertEqual(placement["corner"] as? String, "bottom_left", "\(state)")
            let widthFraction = try XCTUnwrap(placement["width_fraction"] as? Double)
            XCTAssertEqual(widthFraction, 0.25, accuracy: 0.01, "the default size is a quarter of the width")
        }
    }
}
