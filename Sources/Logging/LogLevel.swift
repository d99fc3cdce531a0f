/// How important a log line is.
public enum LogLevel: String, Hashable, Sendable, CaseIterable, Comparable {
    case error
    case warn
    case info
    case debug

    /// Orders by importance: `error` < `warn` < `info` < `debug`.
    public static func < (left: LogLevel, right: LogLevel) -> Bool {
        left.rank < right.rank
    }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warn: 1
        case .info: 2
        case .debug: 3
        }
    }
}
