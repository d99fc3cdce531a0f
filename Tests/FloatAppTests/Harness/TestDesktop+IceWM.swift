import Foundation
import TestSupport

/// Starting icewm with its taskbar along one edge, configured in a private home.
extension TestDesktop {
    /// The `~/.icewm/preferences` for an always-shown taskbar along `panel`.
    static func iceWMPreferences(panel: PanelEdge) -> String {
        """
        ShowTaskBar=1
        TaskBarAtTop=\(panel == .top ? 1 : 0)
        TaskBarAutoHide=0
        WorkspaceNames=" 1 ", " 2 ", " 3 ", " 4 "

        """
    }

    /// Starts icewm and waits until it manages the screen with its taskbar along `panel`.
    func startIceWM(panel: PanelEdge, until deadline: Date) throws -> ChildProcess {
        let home = try windowManagerHome("icewm")
        let folder = home.appendingPathComponent(".icewm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.iceWMPreferences(panel: panel)
            .write(to: folder.appendingPathComponent("preferences"), atomically: true, encoding: .utf8)
        let process = try launchWindowManager(
            "icewm", executable: "/usr/bin/icewm", arguments: [], home: home,
            extra: ["ICEWM_PRIVCFG": folder.path])
        let screen = screen
        try waitUntilManaging(process, name: "icewm", until: deadline) { panel.isReserved(in: $0, of: screen) }
        return process
    }
}
