import Foundation

/// Polls `condition` until it returns true, failing with `description` when `timeout` runs out.
///
/// The condition runs at least once, even with a zero timeout. Errors it throws end the wait at once.
func eventually(
    _ description: @autoclosure () -> String,
    timeout: TimeInterval = 5,
    poll: TimeInterval = 0.02,
    _ condition: () throws -> Bool
) throws {
    _ = try eventuallyValue(description(), timeout: timeout, poll: poll) {
        try condition() ? true : nil
    }
}

/// Polls `produce` until it returns a value, failing with `description` when `timeout` runs out.
///
/// Use it to wait for something to exist and get it in one step, e.g. a window.
@discardableResult
func eventuallyValue<Value>(
    _ description: @autoclosure () -> String,
    timeout: TimeInterval = 5,
    poll: TimeInterval = 0.02,
    _ produce: () throws -> Value?
) throws -> Value {
    let start = Date()
    let deadline = start.addingTimeInterval(timeout)
    var attempts = 0
    while true {
        attempts += 1
        if let value = try produce() {
            return value
        }
        if Date() >= deadline {
            let waited = String(format: "%.2f", Date().timeIntervalSince(start))
            throw HarnessError("timed out after \(waited) s (\(attempts) checks): \(description())")
        }
        Thread.sleep(forTimeInterval: poll)
    }
}
