import Foundation

/// Starting openbox with margins that stand in for a panel.
extension TestDesktop {
    /// The stock openbox configuration the test configuration is made from.
    static let stockOpenboxConfig = URL(fileURLWithPath: "/etc/xdg/openbox/rc.xml")

    /// The stock openbox configuration with its `<margins>` block replaced by `margins`.
    static func openboxConfig(margins: EdgeInsets) throws -> String {
        let stock = try String(contentsOf: stockOpenboxConfig, encoding: .utf8)
        guard let start = stock.range(of: "<margins>"),
            let end = stock.range(of: "</margins>", range: start.upperBound..<stock.endIndex)
        else {
            throw HarnessError("\(stockOpenboxConfig.path) has no <margins> block")
        }
        let block = """
            <margins><top>\(margins.top)</top><bottom>\(margins.bottom)</bottom>\
            <left>\(margins.left)</left><right>\(margins.right)</right></margins>
            """
        return stock.replacingCharacters(in: start.lowerBound..<end.upperBound, with: block)
    }

    /// Starts openbox and waits until it manages the screen with the expected work area.
    ///
    /// On failure openbox is ended again before the error is thrown.
    func startOpenbox(margins: EdgeInsets, until deadline: Date) throws -> ChildProcess {
        let configURL = workFolder.appendingPathComponent("openbox-rc.xml")
        try Self.openboxConfig(margins: margins).write(to: configURL, atomically: true, encoding: .utf8)
        let home = workFolder.appendingPathComponent("openbox-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let process = try ChildProcess(
            executable: "/usr/bin/openbox",
            arguments: ["--sm-disable", "--config-file", configURL.path],
            environment: clientEnvironment(
                home: home,
                extra: [
                    "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                    "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                    "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                ]),
            stdoutURL: artifactsFolder.appendingPathComponent("openbox.stdout.log"),
            stderrURL: artifactsFolder.appendingPathComponent("openbox.stderr.log"))

        let expected = DesktopRect(
            x: margins.left, y: margins.top,
            width: screen.width - margins.left - margins.right,
            height: screen.height - margins.top - margins.bottom)
        do {
            try eventually(
                "openbox sets _NET_SUPPORTING_WM_CHECK and a _NET_WORKAREA of \(expected)"
                    + " (now \(workArea().map(\.description) ?? "none"))",
                timeout: deadline.timeIntervalSinceNow
            ) {
                guard process.isRunning else {
                    throw HarnessError("openbox ended early (\(process.exitStatus.map(\.description) ?? "?"))")
                }
                return supportingWindowManager() != nil && workArea() == expected
            }
            try waitUntilWindowManagerMapsWindows(until: deadline)
        } catch {
            process.terminate(grace: 0)
            throw HarnessError("\(error)\n\(process.outputTail())")
        }
        return process
    }

    /// Waits until the window manager frames and maps a new window, proving its event loop runs.
    ///
    /// openbox announces `_NET_WORKAREA` before it handles map requests, and a window mapped in
    /// that gap can stay unmanaged for good; so each attempt uses a fresh sentinel window.
    private func waitUntilWindowManagerMapsWindows(until deadline: Date) throws {
        var attempt = 0
        try eventually("openbox manages a sentinel window", timeout: deadline.timeIntervalSinceNow, poll: 0) {
            attempt += 1
            let sentinel = try ProbeWindow(
                on: display, title: "floatapp-test-sentinel-\(attempt)", wmClass: ("sentinel", "Sentinel"),
                origin: DesktopPoint(x: 0, y: 0), size: (8, 8), color: RGB(red: 0, green: 0, blue: 0))
            defer { sentinel.destroy() }
            let managed = try? eventuallyValue("sentinel is framed and viewable", timeout: 1) {
                mapState(of: sentinel.window) == .viewable && topLevelAncestor(of: sentinel.window) != sentinel.window
                    ? true : nil
            }
            return managed == true
        }
    }
}
