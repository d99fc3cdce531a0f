import CX11
import Foundation
import TestSupport

/// A dock window standing in for a desktop's panel (xfce4-panel, GNOME Shell's top bar, the
/// Plasma panel) under window managers that draw none themselves.
extension TestDesktop {
    /// Starts `arguments` under `dbus-run-session` as the window manager `name` (the bus and
    /// whatever it activates stay in the process group of `dbus-run-session`, so the group's
    /// watchdog ends them together), waits until it manages windows (and, when `composites`,
    /// until its compositor owns `_NET_WM_CM_S0`), then maps a dock of `thickness` px along
    /// `panel` and waits until the work area leaves room for it and the screen shows it.
    ///
    /// A compositor paints only what changed once it runs: a dock mapped before it started
    /// stayed black in KWin's screenshots, and so would any still window.
    func startDockedWindowManager(
        _ name: String, arguments: [String], panel: PanelEdge, thickness: Int, home: URL,
        composites: Bool = false, extra: [String: String] = [:], until deadline: Date
    ) throws -> ChildProcess {
        let process = try launchWindowManager(
            name, executable: "/usr/bin/dbus-run-session", arguments: ["--"] + arguments, home: home,
            extra: ["NO_AT_BRIDGE": "1"].merging(extra) { _, new in new })
        let expected = DesktopRect(
            x: 0, y: panel == .top ? thickness : 0, width: screen.width, height: screen.height - thickness)
        let compositorSelection = connection.atom("_NET_WM_CM_S\(XDefaultScreen(connection.display))")
        try waitUntilManaging(
            process, name: name, until: deadline,
            beforeWorkArea: {
                if composites {
                    try eventually("\(name) runs its compositor", timeout: deadline.timeIntervalSinceNow) {
                        XGetSelectionOwner(connection.display, compositorSelection) != 0
                    }
                }
                let dock = try makeDockPanel(along: panel, thickness: thickness)
                panelWindow = dock
                try eventually("the screen shows the dock panel", timeout: deadline.timeIntervalSinceNow) {
                    guard let frame = geometry(of: dock.window) else { return false }
                    return try grab(frame).fraction(matching: Self.dockPanelColor) > 0.9
                }
            },
            workAreaIsReady: { $0 == expected })
        return process
    }

    /// The dock panel's colour.
    static let dockPanelColor = RGB(red: 40, green: 52, blue: 68)

    /// Maps a full-width dock window of `thickness` px along `panel` with the struts a panel sets.
    func makeDockPanel(along panel: PanelEdge, thickness: Int) throws -> ProbeWindow {
        let top = panel == .top
        let lastColumn = screen.width - 1
        // _NET_WM_STRUT_PARTIAL: left, right, top, bottom, then the start and end of each strut.
        let partial = top
            ? [0, 0, thickness, 0, 0, 0, 0, 0, 0, lastColumn, 0, 0]
            : [0, 0, 0, thickness, 0, 0, 0, 0, 0, 0, 0, lastColumn]
        return try ProbeWindow(
            on: display, title: "Panel", wmClass: ("panel", "Panel"),
            origin: DesktopPoint(x: 0, y: top ? 0 : screen.height - thickness),
            size: (screen.width, thickness), color: Self.dockPanelColor,
            windowType: "_NET_WM_WINDOW_TYPE_DOCK",
            cardinals: [("_NET_WM_STRUT", Array(partial.prefix(4))), ("_NET_WM_STRUT_PARTIAL", partial)])
    }

    /// A new private `XDG_RUNTIME_DIR` (mode 0700) inside `home`, for window managers that
    /// keep sockets and locks there.
    func runtimeFolder(in home: URL) throws -> URL {
        let folder = home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }
}
