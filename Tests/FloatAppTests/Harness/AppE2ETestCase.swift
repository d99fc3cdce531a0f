import Foundation
import XCTest

/// Base class for end-to-end tests of the app's features: one desktop and one app per test.
class AppE2ETestCase: DesktopTestCase {
    /// Starts a desktop (openbox with `margins`) and the app on `rooms` with `arguments`.
    func startApp(
        rooms: [RoomsFixture.Room], arguments: [String] = [], margins: EdgeInsets = .zero
    ) throws -> RunningApp {
        let desktop = try startDesktop(windowManager: .openbox(margins: margins))
        let roomsFile = try RoomsFixture(rooms: rooms).write(in: desktop.workFolder)
        return try RunningApp(roomsFile: roomsFile, arguments: arguments, on: desktop) { arguments in
            try launchApp(arguments, on: desktop)
        }
    }

    /// Starts a desktop (openbox without margins) and the app on the rooms of `roomsFile`.
    func startApp(roomsFile: URL, arguments: [String] = []) throws -> RunningApp {
        let desktop = try startDesktop()
        return try RunningApp(roomsFile: roomsFile, arguments: arguments, on: desktop) { arguments in
            try launchApp(arguments, on: desktop)
        }
    }
}
