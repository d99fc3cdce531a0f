import Localization

/// Errors the user sees, each with the exit status it ends the app with.
public enum AppError: Error, CustomStringConvertible {
    case usage(String)
    case noFont
    case startup(String)

    public var description: String {
        switch self {
        case .usage(let m): return m
        case .noFont: return tr("no sans-serif font found through fontconfig (install fonts-dejavu-core)")
        case .startup(let m): return m
        }
    }

    public var exitStatus: Int32 {
        switch self {
        case .usage: return 2
        case .noFont, .startup: return 1
        }
    }
}
