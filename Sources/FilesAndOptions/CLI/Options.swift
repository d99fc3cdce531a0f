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

    public static let usage = """
        usage: floatapp [--rooms FILE] [--open ROOM_ID] [--float] [--no-pip]
                        [--check-rooms FILE] [--stats FILE] [--exit-on-end]
                        [--log-level error|warn|info|debug] [--version] [--help]
        """

    public static let help = """
        FloatApp: live streams and calls with a picture-in-picture float window.

        \(usage)

        options:
          --rooms FILE        read rooms from FILE (default: $XDG_CONFIG_HOME/floatapp/rooms.json,
                              else the built-in rooms)
          --open ROOM_ID      open this room at start
          --float             float the opened room at start (needs --open)
          --no-pip            disable picture-in-picture
          --check-rooms FILE  validate a rooms file (- reads standard input), exit 0 if valid, 2 if not
          --stats FILE        write measurement events as JSON lines to FILE
          --exit-on-end       quit when the opened room's source ends (status 0), or with
                              status 1 and the error when it fails for good
          --log-level LEVEL   error, warn (default), info or debug (debug adds FFmpeg's warnings)
          --version           print the version and exit
          --help              print this help and exit

        keys: Up/Down/Enter pick a room; P floats; in the float Esc restores, M mutes,
        Ctrl+W closes, arrows move it to another corner, +/- resize.
        """

    /// Parses arguments (without the program name). Throws `AppError.usage` with a message.
    public static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count, !args[i].hasPrefix("--") else {
                throw AppError.usage("floatapp: option \(name) needs a value\n\(usage)")
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
                    throw AppError.usage("floatapp: --log-level must be error, warn, info or debug, not '\(v)'\n\(usage)")
                }
                o.logLevel = level
            case "--version": o.command = .version
            case "--help", "-h": o.command = .help
            default:
                throw AppError.usage("floatapp: unknown option '\(args[i])'\n\(usage)")
            }
            if inline != nil, ["--float", "--no-pip", "--exit-on-end", "--version", "--help"].contains(arg) {
                throw AppError.usage("floatapp: option \(arg) takes no value\n\(usage)")
            }
            i += 1
        }
        if o.float && o.openRoom == nil {
            throw AppError.usage("floatapp: --float needs --open ROOM_ID\n\(usage)")
        }
        return o
    }
}
