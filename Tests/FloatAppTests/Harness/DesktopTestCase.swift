import Foundation
import XCTest

/// Base class for tests on a real desktop: starts desktops and, after every teardown block
/// has run, checks that nothing the test started is left running.
class DesktopTestCase: XCTestCase {
    private var startedGroups: [pid_t] = []
    /// Sockets of started X servers with their file identity, so a server that later reuses
    /// the display number (another test run on the machine) is not taken for a leak.
    private var startedSockets: [(path: String, identity: FileIdentity?)] = []

    /// Starts a test desktop whose processes are checked for leaks at the end of the test.
    func startDesktop(windowManager: TestDesktop.WindowManager = .openbox(margins: .zero)) throws -> TestDesktop {
        let desktop = try TestDesktop.start(for: self, windowManager: windowManager)
        startedGroups += desktop.processGroups
        let socket = "/tmp/.X11-unix/X\(desktop.displayNumber)"
        startedSockets.append((socket, FileIdentity(path: socket)))
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
            let now = FileIdentity(path: socket.path)
            XCTAssertTrue(now == nil || now != socket.identity, "\(socket.path) outlived the test")
        }
        startedGroups = []
        startedSockets = []
        super.tearDown()
    }
}

/// Tells one file from another created later at the same path: inode and change time.
private struct FileIdentity: Equatable {
    let inode: UInt64
    let changeSeconds: Int
    let changeNanoseconds: Int

    /// The identity of the file at `path`; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        changeSeconds = info.st_ctim.tv_sec
        changeNanoseconds = info.st_ctim.tv_nsec
    }
}
