import Foundation
import Glibc

/// The monotonic clock in seconds, the clock ``WakeCondition`` times its waits on.
func monotonicNow() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Runs `body(index)` on `count` threads of their own, started together, and returns when all
/// have returned (at most `timeout` seconds; false if some had not).
@discardableResult
func onThreads(_ count: Int, timeout: Double = 30, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let group = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            start.wait()
            body(index)
            group.leave()
        }
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    return group.wait(timeout: .now() + timeout) == .success
}

/// Checks `condition` every millisecond until it holds or `timeout` seconds pass; whether it held.
func holdsSoon(within timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = monotonicNow() + timeout
    while monotonicNow() < deadline {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}

/// The name the system knows the calling thread by, as `ps` shows it (the kernel keeps its
/// first 15 bytes).
func currentThreadName() -> String {
    let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return comm.trimmingCharacters(in: .newlines)
}
