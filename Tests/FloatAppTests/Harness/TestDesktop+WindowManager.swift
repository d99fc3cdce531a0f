import CX11
import Foundation
import TestSupport

/// Asking the window manager to act on a client, as a pager, taskbar or title-bar button would.
extension TestDesktop {
    /// Asks the window manager to activate (raise and focus) `window` with a `_NET_ACTIVE_WINDOW`
    /// message from a pager (source indication 2), which it honours even for utility windows.
    func activate(_ window: Window) {
        sendToRoot(about: window, "_NET_ACTIVE_WINDOW", [2, 0, 0])
    }

    /// Asks the window manager to close `window` with `_NET_CLOSE_WINDOW` (source indication 2):
    /// it sends the client `WM_DELETE_WINDOW`, like the close button of the title bar.
    func requestClose(_ window: Window) {
        sendToRoot(about: window, "_NET_CLOSE_WINDOW", [0, 2])
    }

    /// Activates `window` and waits until the window manager names it the active window.
    func focus(_ window: Window, timeout: TimeInterval = 5) throws {
        activate(window)
        try eventually("0x\(String(window, radix: 16)) becomes the active window\n\(describeClients())", timeout: timeout) {
            activeWindow() == window
        }
    }

    /// Whether the server really draws `upper` above `lower`: the order of their top-level
    /// frames among the root's children, bottom to top.
    func isDrawn(_ upper: Window, above lower: Window) -> Bool {
        guard let upperFrame = topLevelAncestor(of: upper), let lowerFrame = topLevelAncestor(of: lower) else {
            return false
        }
        let order = children(of: connection.root)
        guard let upperIndex = order.firstIndex(of: upperFrame), let lowerIndex = order.firstIndex(of: lowerFrame)
        else { return false }
        return upperIndex > lowerIndex
    }

    /// Saves the screen part inside `rect`, scaled by `percent`, as a PNG at `file` (ImageMagick),
    /// with a thin outline drawn around each of `outlined` (the monitors of a desktop whose
    /// background does not show where one ends).
    func screenshot(of rect: DesktopRect, scaledTo percent: Int = 100, outlined: [DesktopRect] = [], to file: URL) throws {
        let full = workFolder.appendingPathComponent("full-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: full) }
        try screenshot(to: full)
        let logs = workFolder.appendingPathComponent("convert")
        let outlines = outlined.isEmpty ? [] : ["-fill", "none", "-stroke", "#88c0d0", "-strokewidth", "4"]
            + outlined.flatMap { ["-draw", "rectangle \($0.minX + 2),\($0.minY + 2) \($0.maxX - 3),\($0.maxY - 3)"] }
        let converter = try ChildProcess(
            executable: "/usr/bin/convert",
            arguments: [full.path] + outlines + [
                "-crop", "\(rect.width)x\(rect.height)+\(rect.x)+\(rect.y)", "+repage",
                "-resize", "\(percent)%", "-strip", file.path,
            ],
            environment: clientEnvironment(home: workFolder),
            stdoutURL: logs.appendingPathExtension("stdout.log"),
            stderrURL: logs.appendingPathExtension("stderr.log"))
        guard let status = converter.waitForExit(timeout: 20) else {
            converter.terminate(grace: 0)
            throw HarnessError("convert did not finish in 20 s")
        }
        guard status == .exited(0), FileManager.default.fileExists(atPath: file.path) else {
            throw HarnessError("convert failed (\(status))\n\(converter.outputTail())")
        }
    }

    /// Sends a 32-bit client message about `window` to the root, where the window manager listens.
    func sendToRoot(about window: Window, _ type: String, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.serial = 0
        event.xclient.send_event = 1
        event.xclient.display = connection.display
        event.xclient.window = window
        event.xclient.message_type = connection.atom(type)
        event.xclient.format = 32
        let padded = (values + [0, 0, 0, 0, 0]).prefix(5).map { CLong($0) }
        event.xclient.data.l = (padded[0], padded[1], padded[2], padded[3], padded[4])
        XSendEvent(
            connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        connection.sync()
    }
}

/// Running desktop tools (wmctrl, xprop...) against this desktop.
extension TestDesktop {
    /// Runs `executable` with `arguments` on this desktop and waits for it; fails unless it exits 0.
    func runTool(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) throws {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let logs = workFolder.appendingPathComponent("\(name)-\(UUID().uuidString)")
        let tool = try ChildProcess(
            executable: executable, arguments: arguments, environment: clientEnvironment(home: workFolder),
            stdoutURL: logs.appendingPathExtension("stdout.log"), stderrURL: logs.appendingPathExtension("stderr.log"))
        guard let status = tool.waitForExit(timeout: timeout) else {
            tool.terminate(grace: 0)
            throw HarnessError("\(name) did not finish in \(Int(timeout)) s")
        }
        guard status == .exited(0) else {
            throw HarnessError("\(name) failed (\(status))\n\(tool.outputTail())")
        }
    }

    /// Switches to workspace `index` with `wmctrl -s` and waits until the window manager shows it.
    func switchWorkspace(to index: Int, timeout: TimeInterval = 5) throws {
        try runTool("/usr/bin/wmctrl", ["-s", "\(index)"])
        try eventually("the window manager shows workspace \(index)", timeout: timeout) {
            connection.cardinals(connection.root, "_NET_CURRENT_DESKTOP")?.first == UInt(index)
        }
    }
}
