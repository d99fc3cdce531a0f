import Foundation

/// Where FloatApp reads and writes its files (XDG base directories, R1 and P15).
public enum Paths {
    private static var env: [String: String] { ProcessInfo.processInfo.environment }

    private static var home: String { env["HOME"] ?? NSHomeDirectory() }

    /// `$XDG_CONFIG_HOME/floatapp` (`~/.config/floatapp` when unset or relative).
    public static var configDir: String {
        xdg("XDG_CONFIG_HOME", fallback: ".config") + "/floatapp"
    }

    /// `$XDG_STATE_HOME/floatapp` (`~/.local/state/floatapp` when unset or relative).
    public static var stateDir: String {
        xdg("XDG_STATE_HOME", fallback: ".local/state") + "/floatapp"
    }

    public static var userRoomsFile: String { configDir + "/rooms.json" }
    public static var stateFile: String { stateDir + "/state.json" }

    private static func xdg(_ name: String, fallback: String) -> String {
        if let v = env[name], v.hasPrefix("/") { return v }
        return home + "/" + fallback
    }

    /// The folder with FloatApp's assets: `$FLOATAPP_ASSETS`, the installed
    /// `<prefix>/share/floatapp`, or the `assets` folder of the source tree the
    /// binary was built in.
    public static var assetsDir: String? {
        let fm = FileManager.default
        if let v = env["FLOATAPP_ASSETS"], fm.fileExists(atPath: v + "/rooms.json") { return v }
        var dir = executableDir
        let installed = dir.deletingLastPathComponent().appendingPathComponent("share/floatapp")
        if fm.fileExists(atPath: installed.path + "/rooms.json") { return installed.path }
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("assets")
            if fm.fileExists(atPath: candidate.path + "/rooms.json") { return candidate.path }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The folder of FloatApp's compiled translations (`<lang>/LC_MESSAGES/floatapp.mo`): the
    /// `locale` folder beside a binary built in the source tree (`scripts/locale.sh` compiles
    /// `po/` there), else the installed `<prefix>/share/locale`.
    public static var localeDir: String {
        let beside = executableDir.appendingPathComponent("locale")
        if FileManager.default.fileExists(atPath: beside.path) { return beside.path }
        return executableDir.deletingLastPathComponent().appendingPathComponent("share/locale").path
    }

    /// The folder of the running binary, symbolic links resolved.
    private static var executableDir: URL {
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let exePath = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(fileURLWithPath: $0) } ?? exe
        return exePath.deletingLastPathComponent()
    }
}
