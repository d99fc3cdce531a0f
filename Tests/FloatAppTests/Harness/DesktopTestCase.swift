import Foundation
import XCTest

/// Base class for tests on a real desktop: starts desktops and, after every teardown block
/// has run, checks that nothing the test started is left running.
class DesktopTestCase: XCTestCase {
    private var startedGroups: [pid_t] = []
    private var startedSockets: [(path: String, inode: ino_t?)] = []

    /// Starts a test desktop whose processes are checked for leaks at the end of the test.
    func startDesktop(windowManager: TestDesktop.WindowManager = .openbox(margins: .zero)) throws -> TestDesktop {
        let desktop = try TestDesktop.start(for: self, windowManager: windowManager)
        startedGroups += desktop.processGroups
        let socket = "/tmp/.X11-unix/X\(desktop.displayNumber)"
        startedSockets.append((socket, Self.inode(of: socket)))
        return desktop
    }

    /// Launches floatapp on `desktop`; its process is checked for leaks at the end of the test.
    func launchApp(_ arguments: [String], on desktop: TestDesktop) throws -> AppProcess {
        let app = try AppProcess.launch(arguments, on: desktop, for: self)
        startedGroups.append(app.process.pid)
        return app
    }

    private static func inode(of path: String) -> ino_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_ino : nil
    }

    override func tearDown() {
        for group in startedGroups {
            let left = ProcessTable.members(ofGroup: group)
            XCTAssertEqual(left, [], "processes of group \(group) outlived the test")
        }
        // Another test run may reuse the display number at once: only this server's socket counts.
        for (socket, inode) in startedSockets where inode != nil {
            XCTAssertNotEqual(Self.inode(of: socket), inode, "\(socket) outlived the test")
        }
        startedGroups = []
        startedSockets = []
        super.tearDown()
    }
}
