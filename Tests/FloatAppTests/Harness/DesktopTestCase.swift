import Foundation
import XCTest

/// Base class for tests on a real desktop: starts desktops and, after every teardown block
/// has run, checks that nothing the test started is left running.
class DesktopTestCase: XCTestCase {
    private var startedGroups: [pid_t] = []
    private var startedSockets: [String] = []

    /// Starts a test desktop whose processes are checked for leaks at the end of the test.
    func startDesktop(windowManager: TestDesktop.WindowManager = .openbox(margins: .zero)) throws -> TestDesktop {
        let desktop = try TestDesktop.start(for: self, windowManager: windowManager)
        startedGroups += desktop.processGroups
        startedSockets.append("/tmp/.X11-unix/X\(desktop.displayNumber)")
        return desktop
    }

    /// Launches floatapp on `desktop`; its process is checked for leaks at the end of the test.
    func launchApp(_ arguments: [String], on desktop: TestDesktop) throws -> AppProcess {
        let app = try AppProcess.launch(arguments, on: desktop, for: self)
        startedGroups.append(app.process.pid)
        return app
    }

    override func tearDown() {
        for group in startedGroups {
            let left = ProcessTable.members(ofGroup: group)
            XCTAssertEqual(left, [], "processes of group \(group) outlived the test")
        }
        for socket in startedSockets {
            XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "\(socket) outlived the test")
        }
        startedGroups = []
        startedSockets = []
        super.tearDown()
    }
}
