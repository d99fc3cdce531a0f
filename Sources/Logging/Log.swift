import Foundation

/// Leveled logging to standard error.
public enum Log {
    nonisolated(unsafe) public static var level: LogLevel = .warn

    public static func write(_ l: LogLevel, _ message: @autoclosure () -> String) {
        guard l <= level else { return }
        FileHandle.standardError.write(Data("floatapp: \(l.rawValue): \(message())\n".utf8))
    }

    public static func error(_ m: @autoclosure () -> String) { write(.error, m()) }
    public static func warn(_ m: @autoclosure () -> String) { write(.warn, m()) }
    public static func info(_ m: @autoclosure () -> String) { write(.info, m()) }
    public static func debug(_ m: @autoclosure () -> String) { write(.debug, m()) }
}
