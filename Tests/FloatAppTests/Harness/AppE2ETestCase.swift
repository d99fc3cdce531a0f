import Foundation
import XCTest

/// Base class for end-to-end tests of the app's features: one desktop and one app per test.
class AppE2ETestCase: DesktopTestCase {
    /// Starts a desktop (openbox with `margins`) and the app on `rooms` with `arguments`.
    func startApp(
        rooms: [RoomsFixture.Room], arguments: [String] = [], margins: EdgeInsets = .zero
    ) throws -> RunningApp {
        let desktop = try startDesktop(windowManager: .openbox(margins: margins))
        return try RunningApp(rooms: rooms, arguments: arguments, on: desktop) { arguments in
            try launchApp(arguments, on: desktop)
        }
    }
}
