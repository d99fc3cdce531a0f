import Foundation
import TestSupport

/// Starting fluxbox with its toolbar along one edge, configured in a private home.
extension TestDesktop {
    /// The `~/.fluxbox/init` for a full-width toolbar along `panel` that windows may not cover.
    ///
    /// `configVersion` must be current, or fluxbox replaces the file with its defaults.
    static func fluxboxInit(panel: PanelEdge) -> String {
        """
        session.configVersion: 13
        session.screen0.toolbar.visible: true
        session.screen0.toolbar.placement: \(panel == .top ? "TopCenter" : "BottomCenter")
        session.screen0.toolbar.widthPercent: 100
        session.screen0.toolbar.maxOver: false
        session.screen0.toolbar.autoHide: false
        session.screen0.workspaces: 4
        session.styleFile: /usr/share/fluxbox/styles/Squared_for_Debian

        """
    }

    /// Starts fluxbox and waits until it manages the screen with its toolbar along `panel`.
    func startFluxbox(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        let home = try windowManagerHome("fluxbox")
        let folder = home.appendingPathComponent(".fluxbox")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let initFile = folder.appendingPathComponent("init")
        try Self.fluxboxInit(panel: panel).write(to: initFile, atomically: true, encoding: .utf8)
        for empty in ["keys", "apps", "menu"] {
            try "".write(to: folder.appendingPathComponent(empty), atomically: true, encoding: .utf8)
        }
        // The style's wallpaper would run fbsetbg, which finds no setter here and opens an
        // xmessage window on the test desktop.
        try "background: none\n".write(to: folder.appendingPathComponent("overlay"), atomically: true, encoding: .utf8)
        let process = try launchWindowManager(
            "fluxbox", executable: "/usr/bin/fluxbox", arguments: ["-rc", initFile.path], home: home)
        let screen = screen
        try waitUntilManaging(process, name: "fluxbox", until: deadline) { panel.isReserved(in: $0, of: screen) }
        return process
    }
}
