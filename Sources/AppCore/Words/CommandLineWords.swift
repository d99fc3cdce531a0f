import Localization
import Rooms

/// The command line's own text: the synopsis, `--help`, and what `--check-rooms` prints for a
/// good file.
public enum CommandLineWords {
    /// The synopsis, its continuation lines indented under the program's name.
    public static var usage: String {
        // TRANSLATORS: the word before the command line's synopsis in --help and usage errors.
        let head = tr("usage:") + " floatapp "
        let indent = String(repeating: " ", count: columns(head))
        return head + "[--rooms FILE] [--open ROOM_ID] [--float] [--no-pip]\n"
            + indent + "[--check-rooms FILE] [--stats FILE] [--exit-on-end]\n"
            + indent + "[--log-level error|warn|info|debug] [--new-instance]\n"
            + indent + "[--renderer auto|software|gl]\n"
            + indent + "[--link ROOM_ID] [--version] [--help] [--] [URL|FILE|LINK ...]"
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
            ("--float", tr("float the opened room at start (--open's, else the first item's)")),
            ("--no-pip", tr("disable picture-in-picture")),
            ("--check-rooms FILE", tr("validate a rooms file (- reads standard input), exit 0 if valid, 2 if not")),
            ("--stats FILE", tr("write measurement events as JSON lines to FILE")),
            ("--exit-on-end", tr("quit when the opened room's source ends (status 0), or with\nstatus 1 and the error when it fails for good")),
            ("--log-level LEVEL", tr("error, warn (default), info or debug (debug adds FFmpeg's warnings)")),
            ("--new-instance", tr("run on its own even while FloatApp runs (else a URL, file or\nlink given is handed to the running one, which opens it)")),
            ("--renderer WHICH", tr("auto (default: the GPU through OpenGL when it is hardware), software,\nor gl (OpenGL even when the CPU emulates it)")),
            ("--link ROOM_ID", tr("print the room's invite link (floatapp://...) and exit")),
            ("--version", tr("print the version and exit")),
            ("--help", tr("print this help and exit")),
            ("URL|FILE|LINK", tr("open each as a room of the list's Opened section; the first plays:\na stream URL (http, https, rtmp, rtsp, srt, udp), a file or a floatapp://\nlink; after --, every argument is one")),
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

    /// `--check-rooms`'s line for a valid file of `rooms` rooms at `path` (`-`: standard input).
    public static func roomsChecked(path: String, rooms: Int) -> String {
        trn("%2$s: OK, %1$d room", "%2$s: OK, %1$d rooms", rooms, RoomsLoadError.shown(path))
    }
}
