import CX11
import Foundation
import TestSupport

/// Changing the panel margins of a running openbox, for the float's bounds-change tests.
extension TestDesktop {
    /// Rewrites openbox's configuration with `margins` and tells openbox to reload it
    /// (`_OB_CONTROL` 1, what `openbox --reconfigure` sends), then waits until `_NET_WORKAREA`
    /// shows the new margins.
    func changeOpenboxMargins(to margins: EdgeInsets, timeout: TimeInterval = 10) throws {
        let configURL = workFolder.appendingPathComponent("openbox-rc.xml")
        try Self.openboxConfig(margins: margins).write(to: configURL, atomically: true, encoding: .utf8)
        sendToRoot(about: connection.root, "_OB_CONTROL", [1])
        let expected = DesktopRect(
            x: margins.left, y: margins.top,
            width: screen.width - margins.left - margins.right,
            height: screen.height - margins.top - margins.bottom)
        try eventually(
            "openbox reloads its configuration and sets a _NET_WORKAREA of \(expected)"
                + " (now \(workArea().map(\.description) ?? "none"))",
            timeout: timeout
        ) { workArea() == expected }
    }
}
