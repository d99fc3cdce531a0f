import CX11
import Foundation

/// Desktop actions the float's motion tests need: activating a window as a pager does, and
/// changing the panel margins of a running openbox.
extension TestDesktop {
    /// Asks the window manager to activate `window` as a pager or taskbar would
    /// (`_NET_ACTIVE_WINDOW`, source indication 2), which openbox honours even for utility
    /// windows it does not focus on map.
    func activateAsPager(_ window: Window) {
        sendRootMessage("_NET_ACTIVE_WINDOW", about: window, data: (2, 0, 0, 0, 0))
    }

    /// Rewrites openbox's configuration with `margins` and tells openbox to reload it
    /// (`_OB_CONTROL` 1, what `openbox --reconfigure` sends), then waits until `_NET_WORKAREA`
    /// shows the new margins.
    func changeOpenboxMargins(to margins: EdgeInsets, timeout: TimeInterval = 10) throws {
        let configURL = workFolder.appendingPathComponent("openbox-rc.xml")
        try Self.openboxConfig(margins: margins).write(to: configURL, atomically: true, encoding: .utf8)
        sendRootMessage("_OB_CONTROL", about: connection.root, data: (1, 0, 0, 0, 0))
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

    /// Sends a 32-bit client message of `type` about `window` to the root window, the way
    /// clients talk to the window manager.
    private func sendRootMessage(_ type: String, about window: Window, data: (Int, Int, Int, Int, Int)) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.send_event = 1
        event.xclient.display = connection.display
        event.xclient.window = window
        event.xclient.message_type = connection.atom(type)
        event.xclient.format = 32
        event.xclient.data.l = data
        XSendEvent(
            connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        connection.sync()
    }
}
