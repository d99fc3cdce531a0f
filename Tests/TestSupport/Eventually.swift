import Foundation

/// Polls `condition` until it returns true; throws ``WaitTimedOut`` with `description` when
/// `timeout` seconds pass first.
///
/// The condition runs at least once, even with a zero timeout, and once more at the deadline.
/// Errors it throws end the wait at once. `poll` is the pause between checks: short for a
/// check that only reads memory, longer for one that runs a tool or asks a server.
public func eventually(
    _ description: @autoclosure () -> String,
    timeout: TimeInterval = 5,
    poll: TimeInterval = 0.02,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: () throws -> Bool
) throws {
    _ = try eventuallyValue(description(), timeout: timeout, poll: poll, file: file, line: line) {
        try condition() ? true : nil
    }
}

/// Polls `produce` until it returns a value and returns it; throws ``WaitTimedOut`` with
/// `description` when `timeout` seconds pass first.
///
/// Use it to wait for something to exist and get it in one step, e.g. a window.
@discardableResult
public func eventuallyValue<Value>(
    _ description: @autoclosure () -> String,
    timeout: TimeInterval = 5,
    poll: TimeInterval = 0.02,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ produce: () throws -> Value?
) throws -> Value {
    let start = Date()
    let deadline = start.addingTimeInterval(timeout)
    var checks = 0
    while true {
        let last = Date() >= deadline
        checks += 1
        if let value = try produce() { return value }
        if last {
            throw WaitTimedOut(description: description(), waited: Date().timeIntervalSince(start), checks: checks,
                               file: file, line: line)
        }
        Thread.sleep(forTimeInterval: max(0, min(poll, deadline.timeIntervalSinceNow)))
    }
}

/// A wait whose condition did not come true in time: what was awaited, for how long, and
/// where the wait was.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was awaited, in the test's words.
    public let description: String

    init(description: String, waited: TimeInterval, checks: Int, file: StaticString, line: UInt) {
        self.description = "\(file):\(line): timed out after \(String(format: "%.2f", waited)) s "
            + "(\(checks) checks): \(description)"
    }
}
