import Foundation
import TestSupport

/// Starting GNOME's window manager, mutter, as an X11 compositing window manager on a private
/// session bus, with a dock window standing in for GNOME Shell's top bar.
extension TestDesktop {
    /// Height of the dock window that stands in for GNOME Shell's top bar.
    static let gnomeTopBarHeight = 32

    /// Starts `dbus-run-session -- mutter --replace --x11 --sm-disable` with Mesa's software
    /// OpenGL for its compositor and a dock along `panel`.
    func startMutter(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        let home = try windowManagerHome("mutter")
        return try startDockedWindowManager(
            "mutter", arguments: ["/usr/bin/mutter", "--replace", "--x11", "--sm-disable"], panel: panel,
            thickness: Self.gnomeTopBarHeight, home: home, composites: true,
            extra: ["LIBGL_ALWAYS_SOFTWARE": "1", "XDG_RUNTIME_DIR": try runtimeFolder(in: home).path],
            until: deadline)
    }
}
