import Foundation
import TestSupport

/// A headless GNOME Wayland session: `dbus-run-session -- mutter --wayland --headless
/// --virtual-monitor WxH` with Mesa's software OpenGL, its Xwayland as the X display clients
/// use, and a pointer driven through mutter's RemoteDesktop API.
///
/// mutter runs `Tests/Tools/remote-pointer.py` as its session command, which gives the helper
/// the session's bus, `DISPLAY` and `XAUTHORITY`; mutter ends when the helper does, that is
/// when the pointer hangs up.
struct GnomeWaylandSession {
    /// The process group of `dbus-run-session`, mutter, Xwayland and the helper.
    let process: ChildProcess
    /// Xwayland's display number.
    let displayNumber: Int
    /// What a client of the session has beside `DISPLAY`, as in a real GNOME session:
    /// `WAYLAND_DISPLAY`, `XAUTHORITY` and `XDG_RUNTIME_DIR`.
    let environment: [String: String]
    /// The compositor's pointer.
    let pointer: RemotePointer

    /// The helper that drives the pointer through mutter's D-Bus API.
    static let pointerHelper = TestPaths.packageRoot.appendingPathComponent("Tests/Tools/remote-pointer.py")

    /// Starts the session with one virtual monitor of `size` in `folder` (its runtime folder and
    /// the helper's socket), mutter's output in `logs`, and waits until the pointer is ready.
    static func start(size: ScreenSize, in folder: URL, logsIn logs: URL, until deadline: Date) throws -> GnomeWaylandSession {
        let home = folder.appendingPathComponent("gnome-home")
        let runtime = home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let waylandDisplay = "floatapp-gnome"
        let process = try ChildProcess(
            executable: "/usr/bin/dbus-run-session",
            arguments: [
                "--", "/usr/bin/mutter", "--wayland", "--headless", "--sm-disable",
                "--virtual-monitor", "\(size.width)x\(size.height)", "--wayland-display", waylandDisplay,
                "--", "/usr/bin/python3", pointerHelper.path, folder.path,
            ],
            environment: [
                "HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "LANG": "C.UTF-8", "XDG_RUNTIME_DIR": runtime.path, "LIBGL_ALWAYS_SOFTWARE": "1", "NO_AT_BRIDGE": "1",
                "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
                "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
                "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            ],
            stdoutURL: logs.appendingPathComponent("mutter-wayland.stdout.log"),
            stderrURL: logs.appendingPathComponent("mutter-wayland.stderr.log"))
        do {
            let file = folder.appendingPathComponent("session.env")
            let values = try eventuallyValue(
                "mutter starts Xwayland and the remote pointer's session", timeout: deadline.timeIntervalSinceNow
            ) { () -> [String: String]? in
                guard process.isRunning else {
                    throw HarnessError("the session ended early (\(process.exitStatus.map(\.description) ?? "?"))")
                }
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
                return Dictionary(
                    text.split(separator: "\n").compactMap { line in
                        line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
                    }, uniquingKeysWith: { _, last in last })
            }
            guard let display = values["DISPLAY"], display.hasPrefix(":"), let number = Int(display.dropFirst()) else {
                throw HarnessError("the session names no X display: \(values)")
            }
            let pointer = try RemotePointer(
                socketPath: folder.appendingPathComponent("pointer.sock").path,
                bounds: DesktopRect(x: 0, y: 0, width: size.width, height: size.height))
            return GnomeWaylandSession(
                process: process, displayNumber: number,
                environment: [
                    "WAYLAND_DISPLAY": values["WAYLAND_DISPLAY"] ?? waylandDisplay,
                    "XAUTHORITY": values["XAUTHORITY"] ?? "", "XDG_RUNTIME_DIR": runtime.path,
                ],
                pointer: pointer)
        } catch {
            process.terminate(grace: 0)
            throw HarnessError("\(error)\n\(process.outputTail())")
        }
    }
}
