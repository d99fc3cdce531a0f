import Foundation
import TestSupport

/// Starting KDE's window manager, KWin, as an X11 compositing window manager on a private
/// session bus, with a dock window standing in for the Plasma panel.
extension TestDesktop {
    /// Height of the dock window that stands in for the Plasma panel.
    static let plasmaPanelHeight = 44

    /// The `kwinrc` of the test desktop: four workspaces in a row, as a Plasma user sets up.
    static let kwinConfig = """
        [Desktops]
        Number=4
        Rows=1

        """

    /// Starts `dbus-run-session -- kwin_x11 --replace` with Mesa's software OpenGL for its
    /// compositor and a dock along `panel`.
    ///
    /// KWin sets no `_NET_WORKAREA` until some window reserves space, so the dock is what makes
    /// the work area appear.
    func startKWin(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        let home = try windowManagerHome("kwin")
        let config = home.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Self.kwinConfig.write(to: config.appendingPathComponent("kwinrc"), atomically: true, encoding: .utf8)
        return try startDockedWindowManager(
            "kwin", arguments: ["/usr/bin/kwin_x11", "--replace"], panel: panel,
            thickness: Self.plasmaPanelHeight, home: home, composites: true,
            extra: ["LIBGL_ALWAYS_SOFTWARE": "1", "XDG_RUNTIME_DIR": try runtimeFolder(in: home).path],
            until: deadline)
    }
}
