import Foundation
import TestSupport

/// A desktop of several monitors of different sizes in one X screen, as RandR reports them.
///
/// Xvfb has one RandR output, and SDL 2.26 reads displays from RandR outputs (not from
/// `xrandr --setmonitor` monitors, nor Xinerama), so this desktop runs Xorg with the dummy
/// video driver (xserver-xorg-video-dummy), whose outputs DUMMY0, DUMMY1, ... take any of its
/// modes and positions; `SDL_GetNumVideoDisplays` then counts one display per monitor.
extension TestDesktop {
    /// Starts Xorg with the dummy driver and no input devices on a free display.
    static func startMonitorsServer(
        _ monitors: [DesktopRect], workFolder: URL, logsIn folder: URL, until deadline: Date
    ) throws -> (ChildProcess, Int) {
        let width = monitors.map(\.maxX).max() ?? 1920, height = monitors.map(\.maxY).max() ?? 1080
        let config = workFolder.appendingPathComponent("xorg-dummy.conf")
        try """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "DontVTSwitch" "true"
            EndSection
            Section "Device"
              Identifier "dummy"
              Driver "dummy"
              VideoRam 256000
            EndSection
            Section "Monitor"
              Identifier "monitor"
              HorizSync 5.0-1000.0
              VertRefresh 5.0-200.0
            EndSection
            Section "Screen"
              Identifier "screen"
              Device "dummy"
              Monitor "monitor"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Virtual \(max(width, 2048)) \(max(height, 2048))
              EndSubSection
            EndSection
            """.write(to: config, atomically: true, encoding: .utf8)
        return try XServer.start(
            "/usr/lib/xorg/Xorg",
            ["-config", config.path, "-noreset", "-nolisten", "tcp", "-logfile", folder.appendingPathComponent("xorg.log").path],
            logsIn: folder, until: deadline)
    }

    /// Gives output DUMMYn the size and position of `monitors[n]` and turns the other outputs
    /// off, so RandR lists exactly these monitors; nothing to do for none.
    static func arrange(_ monitors: [DesktopRect], display: String, artifactsFolder: URL) throws {
        guard !monitors.isEmpty else { return }
        var arguments: [String] = []
        for (index, monitor) in monitors.enumerated() {
            let output = "DUMMY\(index)", mode = "\(monitor.width)x\(monitor.height)"
            if index > 0 {
                let added = try ChildProcess.run(
                    "/usr/bin/xrandr", ["--addmode", output, mode], environment: ["DISPLAY": display],
                    in: artifactsFolder, name: "xrandr-addmode-\(index)")
                guard added.status == .exited(0) else { throw HarnessError("xrandr --addmode \(output) \(mode): \(added.stderr)") }
            }
            arguments += ["--output", output, "--mode", mode, "--pos", "\(monitor.minX)x\(monitor.minY)"]
            if index == 0 { arguments.append("--primary") }
        }
        let width = monitors.map(\.maxX).max()!, height = monitors.map(\.maxY).max()!
        arguments += ["--fb", "\(width)x\(height)"]
        let outcome = try ChildProcess.run(
            "/usr/bin/xrandr", arguments, environment: ["DISPLAY": display], in: artifactsFolder, name: "xrandr")
        guard outcome.status == .exited(0) else { throw HarnessError("xrandr \(arguments): \(outcome.stderr)") }
        let listed = try ChildProcess.run(
            "/usr/bin/xrandr", ["--listmonitors"], environment: ["DISPLAY": display], in: artifactsFolder,
            name: "xrandr-monitors")
        guard listed.stdout.hasPrefix("Monitors: \(monitors.count)") else {
            throw HarnessError("RandR lists other monitors than \(monitors):\n\(listed.stdout)")
        }
    }
}
