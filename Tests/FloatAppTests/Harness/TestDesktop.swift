import CX11
import Foundation
import XCTest

/// A private headless X desktop for one test: an Xvfb server, optionally openbox, and an
/// Xlib connection for input and inspection.
///
/// Everything it starts is ended by `tearDown()`, which `start(for:...)` registers as a
/// teardown block; every child also dies on its own if the test process disappears.
final class TestDesktop {
    /// The window manager a test desktop runs.
    enum WindowManager {
        /// openbox 3.6 with the given screen-edge margins standing in for panels.
        case openbox(margins: EdgeInsets)
        /// No window manager: no `_NET_WORKAREA`, no always-on-top, no frames.
        case none
    }

    /// The X display name, e.g. ":7".
    let display: String
    /// The X display number, e.g. 7.
    let displayNumber: Int
    /// The whole screen in root coordinates.
    let screen: DesktopRect
    /// Screenshots and logs of this test go here (`Tests/artifacts/<test name>/`).
    let artifactsFolder: URL
    /// Private scratch space of this desktop, removed at teardown.
    let workFolder: URL
    /// The in-process Xlib connection used for input and inspection.
    let connection: XConnection
    /// The name of the test this desktop belongs to.
    let testName: String

    /// The X server process.
    let server: ChildProcess
    /// The window manager process, if any.
    private(set) var windowManagerProcess: ChildProcess?
    private var apps: [AppProcess] = []
    private var isTornDown = false

    /// Screen size every test desktop has.
    static let screenSize = (width: 1920, height: 1080)

    /// Starts a desktop for `testCase` and registers its teardown with the test case.
    static func start(
        for testCase: XCTestCase,
        windowManager: WindowManager = .openbox(margins: .zero),
        timeout: TimeInterval = 15
    ) throws -> TestDesktop {
        let desktop = try TestDesktop(testName: testCase.name, windowManager: windowManager, timeout: timeout)
        testCase.addTeardownBlock { desktop.tearDown() }
        return desktop
    }

    /// Starts Xvfb on a free display, then the window manager, and waits until both are ready.
    init(testName: String, windowManager: WindowManager, timeout: TimeInterval = 15) throws {
        self.testName = testName
        artifactsFolder = try TestPaths.artifactsFolder(for: testName)
        workFolder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-desktop")
        let deadline = Date().addingTimeInterval(timeout)

        let (server, number) = try Self.startServer(
            logsIn: artifactsFolder, until: deadline)
        self.server = server
        displayNumber = number
        display = ":\(number)"

        let socket = "/tmp/.X11-unix/X\(number)"
        let display = display
        do {
            try eventually("X socket \(socket) appears", timeout: deadline.timeIntervalSinceNow) {
                FileManager.default.fileExists(atPath: socket)
            }
            connection = try eventuallyValue(
                "Xlib connects to \(display)", timeout: deadline.timeIntervalSinceNow
            ) { server.isRunning ? XConnection(name: display) : nil }
        } catch {
            server.terminate(grace: 0)
            try? FileManager.default.removeItem(at: workFolder)
            throw HarnessError("\(error)\n\(server.outputTail())")
        }
        let screenNumber = XDefaultScreen(connection.display)
        screen = DesktopRect(
            x: 0, y: 0,
            width: Int(XDisplayWidth(connection.display, screenNumber)),
            height: Int(XDisplayHeight(connection.display, screenNumber)))

        if case .openbox(let margins) = windowManager {
            do {
                windowManagerProcess = try startOpenbox(margins: margins, until: deadline)
            } catch {
                tearDown()
                throw error
            }
        }
    }

    deinit {
        tearDown()
    }

    /// Process groups of every process this desktop started (server, window manager, apps).
    var processGroups: [pid_t] {
        [server.pid] + [windowManagerProcess?.pid].compactMap { $0 } + apps.map(\.process.pid)
    }

    /// The environment a client of this desktop runs with: only what it needs, plus `extra`.
    func clientEnvironment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "DISPLAY": display,
            "HOME": home.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Ends every process of this desktop, apps first, then the window manager, then the server.
    ///
    /// Safe to call more than once.
    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        for app in apps.reversed() {
            app.terminate()
        }
        windowManagerProcess?.terminate(grace: 1)
        connection.close()
        server.terminate(grace: 2)
        try? FileManager.default.removeItem(at: workFolder)
    }

    /// Registers an app so teardown ends it too.
    func adopt(_ app: AppProcess) {
        apps.append(app)
    }

    /// Starts Xvfb with `-displayfd` so the server itself picks a free display number.
    private static func startServer(logsIn folder: URL, until deadline: Date) throws -> (ChildProcess, Int) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw HarnessError("pipe failed: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        defer { close(descriptors[0]) }
        let server: ChildProcess
        do {
            defer { close(descriptors[1]) }
            server = try ChildProcess(
                executable: "/usr/bin/Xvfb",
                arguments: [
                    "-displayfd", "3", "-screen", "0",
                    "\(screenSize.width)x\(screenSize.height)x24", "-nolisten", "tcp",
                ],
                environment: ["PATH": "/usr/bin:/bin"],
                stdoutURL: folder.appendingPathComponent("xvfb.stdout.log"),
                stderrURL: folder.appendingPathComponent("xvfb.stderr.log"),
                extraDescriptor: descriptors[1])
        }
        var text = ""
        let readEnd = descriptors[0]
        do {
            try eventually("Xvfb reports its display number", timeout: deadline.timeIntervalSinceNow, poll: 0) {
                guard server.isRunning else {
                    throw HarnessError("Xvfb ended early (\(server.exitStatus.map(\.description) ?? "?"))")
                }
                var pollDescriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                guard poll(&pollDescriptor, 1, 50) > 0 else { return false }
                var buffer = [UInt8](repeating: 0, count: 32)
                let count = read(readEnd, &buffer, buffer.count)
                if count > 0 {
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                }
                return text.contains("\n") || count == 0
            }
        } catch {
            server.terminate(grace: 0)
            throw HarnessError("\(error)\n\(server.outputTail())")
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            server.terminate(grace: 0)
            throw HarnessError("Xvfb reported no display number (got \"\(text)\")\n\(server.outputTail())")
        }
        return (server, number)
    }
}
