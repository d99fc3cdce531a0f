/// Why a rooms file could not be used (R1, R4), as data: AppCore words it. `path` is as given,
/// `-` for standard input.
public enum RoomsLoadError: Error, Hashable, Sendable {
    /// Nothing is at the path.
    case noSuchFile(path: String)
    /// The path is a folder.
    case isDirectory(path: String)
    /// The file cannot be opened.
    case cannotOpen(path: String)
    /// Reading the file failed, with the system's reason.
    case readFailed(path: String, reason: String)
    /// The file is over the limit, which no rooms file needs.
    case tooLarge(path: String, limit: SizeLimit)
    /// The contents have problems.
    case invalid(RoomsFileError)
}
