import Foundation
import LocksAndThreads

/// Leveled logging to standard error.
public enum Log {
    private static let threshold = Guarded(LogLevel.warn)

    /// The most detailed level written; set once at start, read from any thread.
    public static var level: LogLevel {
        get { threshold.withLock { $0 } }
        set { threshold.withLock { $0 = newValue } }
    }

    public static func write(_ l: LogLevel, _ message: @autoclosure () -> String) {
        guard l <= level else { return }
        FileHandle.standardError.write(Data("floatapp: \(l.rawValue): \(message())\n".utf8))
    }

    public static func error(_ m: @autoclosure () -> String) { write(.error, m()) }
    public static func warn(_ m: @autoclosure () -> String) { write(.warn, m()) }
    public static func info(_ m: @autoclosure () -> String) { write(.info, m()) }
    public static func debug(_ m: @autoclosure () -> String) { write(.debug, m()) }
}
