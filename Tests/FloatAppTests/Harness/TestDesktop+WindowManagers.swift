import Foundation
import TestSupport

/// Starting any of the supported window managers with a private home, and waiting until it
/// really manages the screen.
extension TestDesktop {
    /// Starts `windowManager` (nil for none) and waits until it is ready; on failure it is
    /// ended again before the error is thrown.
    func startWindowManager(_ windowManager: WindowManager, until deadline: Date) throws -> ChildProcess? {
        switch windowManager {
        case .none: return nil
        case .openbox(let margins): return try startOpenbox(margins: margins, until: deadline)
        case .fluxbox(let panel): return try startFluxbox(panel: panel, until: deadline)
        case .icewm(let panel): return try startIceWM(panel: panel, until: deadline)
        case .xfwm4(let panel): return try startXfwm4(panel: panel, until: deadline)
        case .mutter(let panel): return try startMutter(panel: panel, until: deadline)
        case .kwin(let panel): return try startKWin(panel: panel, until: deadline)
        case .gnomeWayland:
            // mutter is the session's compositor and already runs: wait until it manages Xwayland.
            try waitUntilManaging(server, name: "mutter (Wayland)", until: deadline) { $0 == screen }
            return nil
        }
    }

    /// A new empty home folder for the window manager `name` inside this desktop's scratch
    /// space, so nothing of the user's configuration is read.
    func windowManagerHome(_ name: String) throws -> URL {
        let home = workFolder.appendingPathComponent("\(name)-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    /// Starts `executable` as the window manager `name` with `home` as its HOME and XDG folders.
    func launchWindowManager(
        _ name: String, executable: String, arguments: [String], home: URL, extra: [String: String] = [:]
    ) throws -> ChildProcess {
        var environment = [
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
        ]
        environment.merge(extra) { _, new in new }
        return try ChildProcess(
            executable: executable, arguments: arguments,
            environment: clientEnvironment(home: home, extra: environment),
            stdoutURL: artifactsFolder.appendingPathComponent("\(name).stdout.log"),
            stderrURL: artifactsFolder.appendingPathComponent("\(name).stderr.log"))
    }

    /// Waits until the window manager `name` has set `_NET_SUPPORTING_WM_CHECK`, sets a
    /// `_NET_WORKAREA` that `workAreaIsReady` accepts, and frames and maps new windows.
    ///
    /// `beforeWorkArea` runs once the window manager maps windows and before the work area is
    /// checked (to map a dock, say). On failure the process is ended and the error carries its output.
    func waitUntilManaging(
        _ process: ChildProcess, name: String, until deadline: Date, beforeWorkArea: () throws -> Void = {},
        workAreaIsReady: (DesktopRect) -> Bool
    ) throws {
        do {
            try eventually("\(name) sets _NET_SUPPORTING_WM_CHECK", timeout: deadline.timeIntervalSinceNow) {
                guard process.isRunning else {
                    throw HarnessError("\(name) ended early (\(process.exitStatus.map(\.description) ?? "?"))")
                }
                return supportingWindowManager() != nil
            }
            try waitUntilWindowManagerMapsWindows(name, until: deadline)
            try beforeWorkArea()
            try eventually(
                "\(name) sets the expected _NET_WORKAREA (now \(workArea().map(\.description) ?? "none"))",
                timeout: deadline.timeIntervalSinceNow
            ) { workArea().map(workAreaIsReady) == true }
        } catch {
            process.terminate(grace: 0)
            throw HarnessError("\(error)\n\(process.outputTail())")
        }
    }

    /// Waits until the window manager frames and maps a new window, proving its event loop runs.
    ///
    /// openbox announces `_NET_WORKAREA` before it handles map requests, and a window mapped in
    /// that gap can stay unmanaged for good; so each attempt uses a fresh sentinel window.
    ///
    /// The next client to connect gets the sentinel's resource IDs again, so its first window
    /// has the sentinel's ID. A window manager that has not yet handled the sentinel's
    /// destruction unmanages "it" later by restoring the sentinel's 8x8 geometry on the new
    /// window (seen with openbox: a probe left at 8x8+0+0). So this also waits until the window
    /// manager has dropped the sentinel from its client list.
    func waitUntilWindowManagerMapsWindows(_ name: String, until deadline: Date) throws {
        var attempt = 0
        try eventually("\(name) manages a sentinel window", timeout: deadline.timeIntervalSinceNow, poll: 0) {
            attempt += 1
            let sentinel = try ProbeWindow(
                on: display, title: "floatapp-test-sentinel-\(attempt)", wmClass: ("sentinel", "Sentinel"),
                origin: DesktopPoint(x: 0, y: 0), size: (8, 8), color: RGB(red: 0, green: 0, blue: 0))
            let managed = try? eventuallyValue("sentinel is framed and viewable", timeout: 1) {
                mapState(of: sentinel.window) == .viewable && topLevelAncestor(of: sentinel.window) != sentinel.window
                    ? true : nil
            }
            sentinel.destroy()
            if managed == true {
                try eventually("\(name) forgets the destroyed sentinel", timeout: deadline.timeIntervalSinceNow) {
                    !stackingOrder().contains(sentinel.window)
                }
            }
            return managed == true
        }
    }
}
