import Localization
import Rooms

extension RoomsLoadError {
    /// One line per problem, as printed to standard error (R4).
    public var messages: [String] {
        switch self {
        case .noSuchFile(let path): [tr("%s: no such file", path)]
        case .isDirectory(let path): [tr("%s: is a directory", path)]
        case .cannotOpen(let path): [tr("%s: cannot be read", path)]
        case .readFailed(let path, let reason): [tr("%1$s: cannot be read (%2$s)", Self.shown(path), reason)]
        case .tooLarge(let path, let limit):
            [tr("%1$s: larger than %2$d MiB, which no rooms file needs; not reading it", Self.shown(path), limit.mebibytes)]
        case .invalid(let error): error.messages
        }
    }

    /// A rooms file's path as a message names it: `-` is standard input.
    public static func shown(_ path: String) -> String { path == "-" ? tr("standard input") : path }
}
