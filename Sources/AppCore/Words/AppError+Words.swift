import Localization

extension AppError {
    /// What is printed to standard error: a usage error's line is followed by the synopsis.
    public var words: String {
        switch self {
        case .usage(let problem): "floatapp: " + problem.words + "\n" + CommandLineWords.usage
        case .noFont: tr("no sans-serif font found through fontconfig (install fonts-dejavu-core)")
        case .noDesktop(let driver):
            tr("no desktop to show windows on (SDL chose the '%s' video driver): run FloatApp in an X11 or Wayland session, or set DISPLAY", driver)
        case .cannotWriteStats(let path): "cannot write stats file \(path)"
        }
    }
}

extension UsageProblem {
    /// What is wrong with the command line.
    public var words: String {
        switch self {
        case .missingValue(let option): tr("option %s needs a value", option)
        case .badLogLevel(let word): tr("--log-level must be error, warn, info or debug, not '%s'", word)
        case .badRenderer(let word): tr("--renderer must be auto, software or gl, not '%s'", word)
        case .unknownOption(let option): tr("unknown option '%s'", option)
        case .unexpectedValue(let option): tr("option %s takes no value", option)
        case .floatNeedsOpen: tr("--float needs --open ROOM_ID or a URL, file or link to open")
        }
    }
}
