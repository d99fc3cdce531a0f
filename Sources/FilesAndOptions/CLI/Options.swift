import Localization
import Logging

/// The command line (SPEC section 6), parsed.
public struct Options: Equatable {
    /// What the invocation asks for.
    public enum Command: Equatable {
        case run
        case checkRooms(String)
        case help
        case version
    }

    public init() {}

    public var command: Command = .run
    public var roomsFile: String?
    public var openRoom: String?
    public var float = false
    public var noPiP = false
    public var statsFile: String?
    public var exitOnEnd = false
    public var logLevel: LogLevel = .warn

    /// The synopsis, its continuation lines indented under the program's name.
    public static var usage: String {
        // TRANSLATORS: the word before the command line's synopsis in --help and usage errors.
        let head = tr("usage:") + " floatapp "
        let indent = String(repeating: " ", count: columns(head))
        return head + "[--rooms FILE] [--open ROOM_ID] [--float] [--no-pip]\n"
            + indent + "[--check-rooms FILE] [--stats FILE] [--exit-on-end]\n"
            + indent + "[--log-level error|warn|info|debug] [--version] [--help]"
    }

    /// How many terminal columns `text` takes: East Asian wide characters (Han, Kana, Hangul,
    /// full-width forms) take two, so a translated "usage:" still lines the synopsis up.
    private static func columns(_ text: String) -> Int {
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3,
                                           0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6]
        return text.unicodeScalars.reduce(0) { sum, scalar in
            sum + (wide.contains { $0.contains(scalar.value) } ? 2 : 1)
        }
    }

    /// `--help`: what FloatApp is, the synopsis, each option with its meaning, and the keys.
    public static var help: String {
        let options: [(String, String)] = [
            ("--rooms FILE", tr("read rooms from FILE (default: $XDG_CONFIG_HOME/floatapp/rooms.json,\nelse the built-in rooms)")),
            ("--open ROOM_ID", tr("open this room at start")),
            ("--float", tr("float the opened room at start (needs --open)")),
            ("--no-pip", tr("disable picture-in-picture")),
            ("--check-rooms FILE", tr("validate a rooms file (- reads standard input), exit 0 if valid, 2 if not")),
            ("--stats FILE", tr("write measurement events as JSON lines to FILE")),
            ("--exit-on-end", tr("quit when the opened room's source ends (status 0), or with\nstatus 1 and the error when it fails for good")),
            ("--log-level LEVEL", tr("error, warn (default), info or debug (debug adds FFmpeg's warnings)")),
            ("--version", tr("print the version and exit")),
            ("--help", tr("print this help and exit")),
        ]
        let column = 22
        var lines = [tr("FloatApp: live streams and calls with a picture-in-picture float window."), "", usage, "", tr("options:")]
        for (name, text) in options {
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let left = k == 0 ? "  " + name : ""
                lines.append(left + String(repeating: " ", count: max(2, column - left.count)) + line)
            }
        }
        lines += ["", tr("keys: Up/Down/Enter pick a room; P floats; in the float Esc restores, M mutes,\nCtrl+W closes, arrows move it to another corner, +/- resize.")]
        return lines.joined(separator: "\n")
    }

    /// Parses arguments (without the program name). Throws `AppError.usage` with a message.
    public static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count, !args[i].hasPrefix("--") else {
                throw AppError.usage("floatapp: " + tr("option %s needs a value", name) + "\n" + usage)
            }
            return args[i]
        }
        while i < args.count {
            var arg = args[i]
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            func take(_ name: String) throws -> String {
                if let inline { return inline }
                return try value(name)
            }
            switch arg {
            case "--rooms": o.roomsFile = try take(arg)
            case "--open": o.openRoom = try take(arg)
            case "--float": o.float = true
            case "--no-pip": o.noPiP = true
            case "--check-rooms": o.command = .checkRooms(try take(arg))
            case "--stats": o.statsFile = try take(arg)
            case "--exit-on-end": o.exitOnEnd = true
            case "--log-level":
                let v = try take(arg)
                guard let level = LogLevel(rawValue: v) else {
                    throw AppError.usage("floatapp: " + tr("--log-level must be error, warn, info or debug, not '%s'", v) + "\n" + usage)
                }
                o.logLevel = level
            case "--version": o.command = .version
            case "--help", "-h": o.command = .help
            default:
                throw AppError.usage("floatapp: " + tr("unknown option '%s'", args[i]) + "\n" + usage)
            }
            if inline != nil, ["--float", "--no-pip", "--exit-on-end", "--version", "--help"].contains(arg) {
                throw AppError.usage("floatapp: " + tr("option %s takes no value", arg) + "\n" + usage)
            }
            i += 1
        }
        if o.float && o.openRoom == nil {
            throw AppError.usage("floatapp: " + tr("--float needs --open ROOM_ID") + "\n" + usage)
        }
        return o
    }
}
