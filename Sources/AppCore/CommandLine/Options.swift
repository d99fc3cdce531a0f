import Logging
import Rooms

/// The command line (SPEC section 6), parsed.
public struct Options: Equatable {
    /// What the invocation asks for.
    public enum Command: Equatable {
        case run
        case checkRooms(String)
        /// `--link ROOM_ID`: print the room's invite link (W13).
        case link(RoomID)
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
    /// The URLs, files and `floatapp://` links to open (R6), in the order given.
    public var items: [String] = []
    /// `--new-instance`: run even while another FloatApp runs on the session (W14).
    public var newInstance = false
    /// `--renderer`: how windows are drawn (D9).
    public var renderer: RendererChoice = .auto

    /// How FloatApp's windows are drawn (`--renderer`, D9).
    public enum RendererChoice: String, CaseIterable, Sendable {
        /// SDL's OpenGL renderer when the GPU behind it is hardware, else the software one.
        case auto
        /// SDL's software renderer, pictures converted to the size shown on the decoding thread.
        case software
        /// SDL's OpenGL (or OpenGL ES 2) renderer, even on a GPU emulated on the CPU: pictures
        /// drawn as YUV textures at the decoded size, converted and scaled by it.
        case gl
    }

    /// Whether a running FloatApp should be handed this invocation (W14): a plain run with
    /// items or none, and no option that only a new process can honour (a rooms file, the
    /// stats log, a log level, `--open`, `--float`, `--no-pip`, `--exit-on-end`,
    /// `--new-instance`, `--renderer`).
    public var handsOver: Bool {
        var plain = Options()
        plain.items = items
        return self == plain
    }

    /// The synopsis, its continuation lines indented under the program's name.
    public static var usage: String { CommandLineWords.usage }

    /// `--help`: what FloatApp is, the synopsis, each option with its meaning, and the keys.
    public static var help: String { CommandLineWords.help }

    /// Parses arguments (without the program name): options, and the items to open (R6),
    /// which are every argument that does not start with `-` and everything after `--`.
    public static func parse(_ args: [String]) throws(AppError) -> Options {
        var o = Options()
        var i = 0
        var optionsEnded = false
        func value(_ name: String) throws(AppError) -> String {
            i += 1
            guard i < args.count, !args[i].hasPrefix("--") else { throw .usage(.missingValue(option: name)) }
            return args[i]
        }
        while i < args.count {
            if optionsEnded || args[i] == "-" || !args[i].hasPrefix("-") {
                o.items.append(args[i])
                i += 1
                continue
            }
            var arg = args[i]
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            func take(_ name: String) throws(AppError) -> String {
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
            case "--new-instance": o.newInstance = true
            case "--link": o.command = .link(try take(arg))
            case "--log-level":
                let v = try take(arg)
                guard let level = LogLevel(rawValue: v) else { throw .usage(.badLogLevel(v)) }
                o.logLevel = level
            case "--renderer":
                let v = try take(arg)
                guard let choice = RendererChoice(rawValue: v) else { throw .usage(.badRenderer(v)) }
                o.renderer = choice
            case "--version": o.command = .version
            case "--help", "-h": o.command = .help
            case "--": optionsEnded = true
            default:
                throw .usage(.unknownOption(args[i]))
            }
            if inline != nil, ["--float", "--no-pip", "--exit-on-end", "--new-instance", "--version", "--help", "--"].contains(arg) {
                throw .usage(.unexpectedValue(option: arg))
            }
            i += 1
        }
        if o.float && o.openRoom == nil && o.items.isEmpty {
            throw .usage(.floatNeedsOpen)
        }
        return o
    }
}
