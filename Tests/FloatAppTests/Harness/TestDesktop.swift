import CX11
import Foundation
import TestSupport
import XCTest

/// A private headless X desktop for one test (or one test class): an Xvfb server, optionally a
/// window manager (openbox, fluxbox, icewm, xfwm4, mutter or KWin) with a panel, and an Xlib connection for
/// input and inspection; or a headless GNOME Wayland session, whose Xwayland is the X display.
///
/// Everything it starts is ended by `tearDown()`, which `start(for:...)` registers as a
/// teardown block; every child also dies on its own if the test process disappears.
final class TestDesktop {
    /// The window manager a test desktop runs.
    enum WindowManager: CustomStringConvertible {
        /// openbox 3.6 with the given screen-edge margins standing in for panels.
        case openbox(margins: EdgeInsets)
        /// fluxbox 1.3 with its own toolbar along `panel`.
        case fluxbox(panel: PanelEdge)
        /// icewm 3 with its own taskbar along `panel`.
        case icewm(panel: PanelEdge)
        /// xfwm4 4.18 (no compositor, on a private session bus) with a dock window along
        /// `panel` reserving space, as xfce4-panel does.
        case xfwm4(panel: PanelEdge)
        /// GNOME's mutter 43 as an X11 compositing window manager (on a private session bus)
        /// with a dock window along `panel` standing in for GNOME Shell's top bar.
        case mutter(panel: PanelEdge)
        /// KDE's KWin 5.27 as an X11 compositing window manager (on a private session bus)
        /// with a dock window along `panel` standing in for the Plasma panel.
        case kwin(panel: PanelEdge)
        /// A GNOME Wayland session: mutter 43 as a headless Wayland compositor (one virtual
        /// monitor of the screen size, no panel), its rootless Xwayland as the X display, and
        /// the pointer driven through mutter's RemoteDesktop API.
        case gnomeWayland
        /// No window manager: no `_NET_WORKAREA`, no always-on-top, no frames.
        case none

        var description: String {
            switch self {
            case .openbox(let margins): "openbox (margins \(margins))"
            case .fluxbox(let panel): "fluxbox (toolbar at the \(panel))"
            case .icewm(let panel): "icewm (taskbar at the \(panel))"
            case .xfwm4(let panel): "xfwm4 (dock panel at the \(panel))"
            case .mutter(let panel): "mutter (dock panel at the \(panel))"
            case .kwin(let panel): "KWin (dock panel at the \(panel))"
            case .gnomeWayland: "a GNOME Wayland session (headless mutter, Xwayland)"
            case .none: "no window manager"
            }
        }
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

    /// The X server process (in a GNOME Wayland session: the session, which runs Xwayland).
    let server: ChildProcess
    /// The GNOME Wayland session, when the desktop is one: input goes through its compositor,
    /// and its rootless Xwayland has no root image.
    let gnomeSession: GnomeWaylandSession?
    /// The window manager process, if any (its helpers, like xfwm4's bus, share its group).
    private(set) var windowManagerProcess: ChildProcess?
    /// The dock window standing in for a panel, when the window manager draws none itself.
    var panelWindow: ProbeWindow?
    private var apps: [AppProcess] = []
    private var isTornDown = false

    /// Screen size a test desktop has unless asked for another.
    static let defaultScreenSize = ScreenSize(width: 1920, height: 1080)

    /// Starts a desktop for `testCase` and registers its teardown with the test case.
    static func start(
        for testCase: XCTestCase,
        windowManager: WindowManager = .openbox(margins: .zero),
        screenSize: ScreenSize = defaultScreenSize,
        monitors: [DesktopRect] = [],
        timeout: TimeInterval = 15
    ) throws -> TestDesktop {
        let desktop = try TestDesktop(
            testName: testCase.name, windowManager: windowManager, screenSize: screenSize, monitors: monitors,
            timeout: timeout)
        testCase.addTeardownBlock { desktop.tearDown() }
        return desktop
    }

    /// Starts Xvfb of `screenSize` on a free display (given `monitors`, an X server with those
    /// RandR monitors: ``startMonitorsServer(_:workFolder:logsIn:until:)``; for a GNOME Wayland
    /// session, its Xwayland), then the window manager, and waits until both are ready.
    init(
        testName: String, windowManager: WindowManager, screenSize: ScreenSize = defaultScreenSize,
        monitors: [DesktopRect] = [], timeout: TimeInterval = 15
    ) throws {
        self.testName = testName
        artifactsFolder = try TestPaths.artifactsFolder(for: testName)
        workFolder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-desktop")
        let deadline = Date().addingTimeInterval(timeout)

        let server: ChildProcess
        let number: Int
        if case .gnomeWayland = windowManager {
            let session = try GnomeWaylandSession.start(
                size: screenSize, in: workFolder, logsIn: artifactsFolder, until: deadline)
            (server, number, gnomeSession) = (session.process, session.displayNumber, session)
        } else if monitors.isEmpty {
            (server, number) = try XServer.start(
                "/usr/bin/Xvfb", ["-screen", "0", "\(screenSize.width)x\(screenSize.height)x24", "-nolisten", "tcp"],
                logsIn: artifactsFolder, until: deadline)
            gnomeSession = nil
        } else {
            (server, number) = try Self.startMonitorsServer(monitors, workFolder: workFolder, logsIn: artifactsFolder, until: deadline)
            gnomeSession = nil
        }
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
        do {
            try Self.arrange(monitors, display: display, artifactsFolder: artifactsFolder)
        } catch {
            server.terminate(grace: 0)
            try? FileManager.default.removeItem(at: workFolder)
            throw error
        }
        // Xlib keeps the screen size it connected with: a screen the monitors resized is their extent.
        let screenNumber = XDefaultScreen(connection.display)
        screen = DesktopRect(
            x: 0, y: 0,
            width: monitors.map(\.maxX).max() ?? Int(XDisplayWidth(connection.display, screenNumber)),
            height: monitors.map(\.maxY).max() ?? Int(XDisplayHeight(connection.display, screenNumber)))

        do {
            windowManagerProcess = try startWindowManager(windowManager, until: deadline)
        } catch {
            tearDown()
            throw error
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
        environment.merge(gnomeSession?.environment ?? [:]) { _, new in new }
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
        panelWindow?.destroy()
        panelWindow = nil
        windowManagerProcess?.terminate(grace: 1)
        connection.close()
        if let gnomeSession {
            // Hung up, the pointer's helper ends and mutter with it, removing Xwayland's sockets.
            gnomeSession.pointer.close()
            _ = server.waitForExit(timeout: 5)
        }
        server.terminate(grace: 2)
        try? FileManager.default.removeItem(at: workFolder)
    }

    /// Registers an app so teardown ends it too.
    func adopt(_ app: AppProcess) {
        apps.append(app)
    }
}
