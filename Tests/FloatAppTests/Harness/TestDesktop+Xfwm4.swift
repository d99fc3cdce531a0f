import Foundation

/// Starting xfwm4 on a private session bus, with a dock window standing in for xfce4-panel.
extension TestDesktop {
    /// Height of the dock window that reserves space for a panel under xfwm4.
    static let xfwm4PanelHeight = 48

    /// Starts `dbus-run-session -- xfwm4 --compositor=off` (xfwm4 reads its settings over the
    /// session bus from xfconfd, which the bus starts), waits until xfwm4 manages windows, then
    /// maps a dock along `panel` and waits until the work area leaves room for it.
    ///
    /// The bus, xfconfd and xfwm4 all stay in the process group of `dbus-run-session`, so the
    /// group's watchdog ends them together.
    func startXfwm4(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        let process = try launchWindowManager(
            "xfwm4", executable: "/usr/bin/dbus-run-session",
            arguments: ["--", "/usr/bin/xfwm4", "--compositor=off"], home: try windowManagerHome("xfwm4"),
            extra: ["NO_AT_BRIDGE": "1"])
        let thickness = Self.xfwm4PanelHeight
        let expected = DesktopRect(
            x: 0, y: panel == .top ? thickness : 0, width: screen.width, height: screen.height - thickness)
        try waitUntilManaging(
            process, name: "xfwm4", until: deadline,
            beforeWorkArea: { panelWindow = try makeDockPanel(along: panel, thickness: thickness) },
            workAreaIsReady: { $0 == expected })
        return process
    }

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
            size: (screen.width, thickness), color: RGB(red: 40, green: 52, blue: 68),
            windowType: "_NET_WM_WINDOW_TYPE_DOCK",
            cardinals: [("_NET_WM_STRUT", Array(partial.prefix(4))), ("_NET_WM_STRUT_PARTIAL", partial)])
    }
}
