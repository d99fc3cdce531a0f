import Foundation
import TestSupport
import XCTest

/// Base class for tests on a real desktop: starts desktops and, after every teardown block
/// has run, checks that nothing the test started is left running.
class DesktopTestCase: XCTestCase {
    private var startedGroups: [pid_t] = []
    /// Each desktop's X socket with its identity: another test run may reuse the display number
    /// (and so the path, and even the freed inode number) at once, so only the same file counts
    /// as left behind.
    private var startedSockets: [(path: String, identity: FileIdentity?)] = []

    /// What tells one file from a later one at the same path: inode and change time.
    private struct FileIdentity: Equatable {
        let inode: ino_t
        let seconds: Int
        let nanoseconds: Int
    }

    /// Starts a test desktop whose processes are checked for leaks at the end of the test.
    func startDesktop(
        windowManager: TestDesktop.WindowManager = .openbox(margins: .zero),
        screenSize: ScreenSize = TestDesktop.defaultScreenSize
    ) throws -> TestDesktop {
        let desktop = try TestDesktop.start(for: self, windowManager: windowManager, screenSize: screenSize)
        startedGroups += desktop.processGroups
        let socket = "/tmp/.X11-unix/X\(desktop.displayNumber)"
        startedSockets.append((socket, Self.identity(of: socket)))
        return desktop
    }

    /// Launches floatapp on `desktop` with `environment` added to its own; its process is
    /// checked for leaks at the end of the test.
    func launchApp(_ arguments: [String], on desktop: TestDesktop, environment: [String: String] = [:]) throws
        -> AppProcess {
        let app = try AppProcess.launch(arguments, on: desktop, for: self, environment: environment)
        startedGroups.append(app.process.pid)
        return app
    }

    /// The identity of the file at `path`, if it exists.
    private static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(
            inode: info.st_ino, seconds: Int(info.st_ctim.tv_sec), nanoseconds: Int(info.st_ctim.tv_nsec))
    }

    override func tearDown() {
        for group in startedGroups {
            let left = ProcessTable.members(ofGroup: group)
            XCTAssertEqual(left, [], "processes of group \(group) outlived the test")
        }
        for socket in startedSockets {
            let left = Self.identity(of: socket.path).map { $0 == socket.identity } ?? false
            XCTAssertFalse(left, "\(socket.path) outlived the test")
        }
        startedGroups = []
        startedSockets = []
        super.tearDown()
    }
}
