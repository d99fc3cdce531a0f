import Foundation
import TestSupport

/// Starting xfwm4 on a private session bus, with a dock window standing in for xfce4-panel.
extension TestDesktop {
    /// Height of the dock window that reserves space for a panel under xfwm4.
    static let xfwm4PanelHeight = 48

    /// Starts `dbus-run-session -- xfwm4 --compositor=off` (xfwm4 reads its settings over the
    /// session bus from xfconfd, which the bus starts) with a dock along `panel`.
    func startXfwm4(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        try startDockedWindowManager(
            "xfwm4", arguments: ["/usr/bin/xfwm4", "--compositor=off"], panel: panel,
            thickness: Self.xfwm4PanelHeight, home: try windowManagerHome("xfwm4"), until: deadline)
    }
}
