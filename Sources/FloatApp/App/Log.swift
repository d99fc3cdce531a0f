import Foundation
import PiPLayout

/// Leveled logging to standard error.
enum Log {
    nonisolated(unsafe) static var level: LogLevel = .warn

    static func write(_ l: LogLevel, _ message: @autoclosure () -> String) {
        guard l <= level else { return }
        FileHandle.standardError.write(Data("floatapp: \(l.rawValue): \(message())\n".utf8))
    }

    static func error(_ m: @autoclosure () -> String) { write(.error, m()) }
    static func warn(_ m: @autoclosure () -> String) { write(.warn, m()) }
    static func info(_ m: @autoclosure () -> String) { write(.info, m()) }
    static func debug(_ m: @autoclosure () -> String) { write(.debug, m()) }
}
