import Foundation

/// Polls `condition` every few milliseconds until it holds or `timeout` seconds pass.
public func waitUntil(_ timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return condition()
}

/// Checks `condition` every `interval` seconds until it holds or `timeout` seconds pass.
public func pollUntil(_ timeout: Double, every interval: Double = 0.2, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return condition()
}
