/// Why FloatApp stops before it runs, as data, with the exit status it ends with; AppCore
/// words it.
public enum AppError: Error, Hashable, Sendable {
    /// The command line is wrong (status 2).
    case usage(UsageProblem)
    /// No font draws the UI's own text.
    case noFont
    /// SDL found no desktop to show windows on, and which video driver it chose.
    case noDesktop(videoDriver: String)
    /// The `--stats` file cannot be written.
    case cannotWriteStats(path: String)

    /// The status the app exits with.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .noFont, .noDesktop, .cannotWriteStats: 1
        }
    }
}

/// What is wrong with the command line.
public enum UsageProblem: Hashable, Sendable {
    /// An option that takes a value has none.
    case missingValue(option: String)
    /// `--log-level` with another word than the levels.
    case badLogLevel(String)
    /// `--renderer` with another word than auto, software or gl.
    case badRenderer(String)
    /// An option FloatApp does not have.
    case unknownOption(String)
    /// A flag given a value (`--float=yes`).
    case unexpectedValue(option: String)
    /// `--float` without `--open` or an item to open.
    case floatNeedsOpen
}
