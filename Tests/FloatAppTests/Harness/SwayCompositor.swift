import Foundation
import TestSupport
import XCTest

/// sway 1.7, a tiling Wayland compositor, with FloatApp on it as a native Wayland client.
///
/// sway refuses to run as root, so it and the app run as the unprivileged `nobody` through
/// `runuser`, in a private 0700 folder of that user's (runtime folder, home, config, a copy of
/// the binary, which the build folder may not let that user read). sway draws into a window of
/// the test's Xvfb (its x11 backend): on its headless backend it has no input devices, so its
/// seat offers clients no pointer and `swaymsg seat - cursor` reaches none; in the window, XTEST
/// input on the Xvfb arrives as the seat's pointer and keyboard. swaymsg and grim, as root, talk
/// to its sockets.
final class SwayCompositor {
    static let user = "nobody"
    let folder: URL
    let process: ChildProcess
    /// The Wayland socket's path.
    let waylandSocket: String
    /// The IPC socket's path.
    let ipcSocket: String
    private let artifacts: URL

    /// Starts sway with `config` on `desktop`'s Xvfb; the test's teardown stops it.
    init(config: String, on desktop: TestDesktop, for testCase: XCTestCase) throws {
        guard let account = getpwnam(Self.user) else { throw HarnessError("no user \(Self.user)") }
        let (uid, gid) = (account.pointee.pw_uid, account.pointee.pw_gid)
        folder = try TestPaths.makeTemporaryFolder(prefix: "floatapp-sway")
        artifacts = desktop.artifactsFolder
        let configURL = folder.appendingPathComponent("sway.conf")
        let rulesURL = folder.appendingPathComponent("rules.conf")
        try "include \(rulesURL.path)\n\(config)".write(to: configURL, atomically: true, encoding: .utf8)
        try "".write(to: rulesURL, atomically: true, encoding: .utf8)
        for path in [folder.path, configURL.path, rulesURL.path] where chown(path, uid, gid) != 0 {
            throw HarnessError("cannot give \(path) to \(Self.user): \(String(cString: strerror(errno)))")
        }
        process = try ChildProcess(
            executable: "/usr/sbin/runuser",
            arguments: ["-u", Self.user, "--", "/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=\(folder.path)",
                        "XDG_RUNTIME_DIR=\(folder.path)", "DISPLAY=\(desktop.display)", "WLR_BACKENDS=x11",
                        "WLR_X11_OUTPUTS=1", "WLR_RENDERER=pixman", "/usr/bin/sway", "-c", configURL.path],
            environment: ["PATH": "/usr/sbin:/usr/bin:/bin"],
            stdoutURL: desktop.artifactsFolder.appendingPathComponent("sway.stdout.log"),
            stderrURL: desktop.artifactsFolder.appendingPathComponent("sway.stderr.log"))
        let folder = folder, process = process
        testCase.addTeardownBlock {
            process.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
        let sockets = try eventuallyValue("sway listens\n\(process.outputTail())", timeout: 15) { () -> (String, String)? in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            guard let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                  let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) else { return nil }
            return (folder.appendingPathComponent(wayland).path, folder.appendingPathComponent(ipc).path)
        }
        (waylandSocket, ipcSocket) = sockets
    }

    /// Launches FloatApp on sway as ``user`` (SDL's Wayland driver), its binary copied into the
    /// folder; the test's teardown stops it.
    func launchApp(_ arguments: [String], for testCase: XCTestCase) throws -> ChildProcess {
        let binary = folder.appendingPathComponent("floatapp")
        if !FileManager.default.fileExists(atPath: binary.path) {
            try FileManager.default.copyItem(at: TestPaths.floatappBinary, to: binary)
            chmod(binary.path, 0o755)
        }
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(folder.path)", "XDG_RUNTIME_DIR=\(folder.path)",
                           "WAYLAND_DISPLAY=\(waylandSocket)", "SDL_VIDEODRIVER=wayland", "SDL_AUDIODRIVER=dummy",
                           "LANG=C.UTF-8", "XDG_CONFIG_HOME=\(folder.path)/config", "XDG_STATE_HOME=\(folder.path)/state",
                           "DBUS_SESSION_BUS_ADDRESS=unix:path=\(folder.path)/no-session-bus"]
        let app = try ChildProcess(
            executable: "/usr/sbin/runuser",
            arguments: ["-u", Self.user, "--", "/usr/bin/env", "-i"] + environment + [binary.path] + arguments,
            environment: ["PATH": "/usr/sbin:/usr/bin:/bin"],
            stdoutURL: artifacts.appendingPathComponent("floatapp.stdout.log"),
            stderrURL: artifacts.appendingPathComponent("floatapp.stderr.log"))
        testCase.addTeardownBlock { app.terminate() }
        return app
    }

    /// Adds `line` to the configuration, as a user would to theirs, and reloads it.
    func addToConfig(_ line: String) throws {
        let rules = folder.appendingPathComponent("rules.conf")
        let old = try String(contentsOf: rules, encoding: .utf8)
        try (old + line + "\n").write(to: rules, atomically: false, encoding: .utf8)
        try message(["reload"])
    }

    /// A file in the folder that ``user`` may write (a rooms file the test writes is readable).
    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Runs `swaymsg` with `arguments`; returns its standard output.
    @discardableResult
    func message(_ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run(
            "/usr/bin/swaymsg", ["-s", ipcSocket] + arguments, environment: ["PATH": "/usr/bin:/bin"],
            in: artifacts, name: "swaymsg", timeout: 10)
        guard outcome.status == .exited(0) else { throw HarnessError("swaymsg \(arguments) failed: \(outcome.stderr)") }
        return outcome.stdout
    }

    /// The application windows in sway's tree now.
    func windows() throws -> [SwayWindow] {
        let json = try message(["-t", "get_tree"])
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw HarnessError("swaymsg get_tree printed no tree: \(json.prefix(200))")
        }
        var found: [SwayWindow] = []
        func walk(_ node: [String: Any]) {
            if let window = SwayWindow(node) { found.append(window) }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { walk(child) }
            }
        }
        walk(root)
        return found
    }

    /// The pixels of `rect` (output coordinates), read with `grim` as a PPM.
    func grab(_ rect: DesktopRect) throws -> Image {
        let file = artifacts.appendingPathComponent("grab.ppm")
        try grim(["-t", "ppm", "-g", "\(rect.x),\(rect.y) \(rect.width)x\(rect.height)", file.path])
        return try Image(ppm: Data(contentsOf: file))
    }

    /// Saves the whole output as `<name>.png` among the test's artifacts.
    func screenshot(_ name: String) throws {
        try grim([artifacts.appendingPathComponent(TestPaths.sanitized(name) + ".png").path])
    }

    private func grim(_ arguments: [String]) throws {
        let outcome = try ChildProcess.run(
            "/usr/bin/grim", arguments, environment: ["PATH": "/usr/bin:/bin", "WAYLAND_DISPLAY": waylandSocket],
            in: artifacts, name: "grim", timeout: 10)
        guard outcome.status == .exited(0) else { throw HarnessError("grim \(arguments) failed: \(outcome.stderr)") }
    }
}

/// An application window in sway's tree (`swaymsg -t get_tree`).
struct SwayWindow {
    let title: String
    /// Its xdg-toplevel `app_id`; nil for an X11 window.
    let appID: String?
    let focused: Bool
    let visible: Bool
    /// Whether sway floats it (a `floating_con`), rather than tiling it.
    let floating: Bool
    /// Whether it shows on every workspace.
    let sticky: Bool
    /// The window's contents in output coordinates: its container's rect less its decorations.
    let content: DesktopRect

    init?(_ node: [String: Any]) {
        guard let type = node["type"] as? String, type == "con" || type == "floating_con",
              node["app_id"] != nil || node["window"] != nil,
              let rect = node["rect"] as? [String: Int], let inner = node["window_rect"] as? [String: Int]
        else { return nil }
        title = node["name"] as? String ?? ""
        appID = node["app_id"] as? String
        focused = node["focused"] as? Bool ?? false
        visible = node["visible"] as? Bool ?? false
        floating = type == "floating_con"
        sticky = node["sticky"] as? Bool ?? false
        content = DesktopRect(x: (rect["x"] ?? 0) + (inner["x"] ?? 0), y: (rect["y"] ?? 0) + (inner["y"] ?? 0),
                              width: inner["width"] ?? 0, height: inner["height"] ?? 0)
    }
}

extension Image {
    /// Reads a binary PPM (P6, 8 bits a channel), as `grim -t ppm` writes.
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func token() -> String {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0a || bytes[index] == 0x0d || bytes[index] == 0x09 {
                index += 1
            }
            let start = index
            while index < bytes.count, ![0x20, 0x0a, 0x0d, 0x09].contains(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard token() == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
            throw HarnessError("not an 8-bit P6 PPM")
        }
        index += 1
        guard bytes.count - index >= width * height * 3 else { throw HarnessError("the PPM is short") }
        var pixels: [RGB] = []
        pixels.reserveCapacity(width * height)
        for p in 0..<(width * height) {
            let o = index + 3 * p
            pixels.append(RGB(red: bytes[o], green: bytes[o + 1], blue: bytes[o + 2]))
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
