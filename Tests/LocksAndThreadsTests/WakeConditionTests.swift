import Foundation
import LocksAndThreads
import XCTest

/// ``WakeCondition`` and ``Guarded``'s waiting: timed waits end on time, and no wake-up is lost
/// between threads that hand a value back and forth.
final class WakeConditionTests: XCTestCase {
    func testTimedWaitEndsAtItsDeadlineWhenNobodySignals() {
        let guarded = Guarded(false)
        let condition = guarded.makeCondition()
        let start = monotonicNow()
        let deadline = start + 0.2
        let ready = guarded.withLock(waitingOn: condition, until: deadline, for: { $0 || monotonicNow() >= deadline }) { $0 }
        let waited = monotonicNow() - start
        XCTAssertFalse(ready)
        XCTAssertGreaterThanOrEqual(waited, 0.2)
        XCTAssertLessThan(waited, 2)

        let lock = Lock()
        let bare = WakeCondition(lock: lock)
        lock.lock()
        XCTAssertFalse(bare.wait(until: monotonicNow() + 0.05), "nobody signalled, so the wait says its deadline passed")
        lock.unlock()
    }

    func testSignalEndsAWaitBeforeItsDeadline() {
        let lock = Lock()
        let condition = WakeCondition(lock: lock)
        let state = Guarded((asleep: false, woken: nil as Bool?, waited: 0.0))
        let thread = Thread {
            lock.lock()
            state.withLock { $0.asleep = true }
            let start = monotonicNow()
            // The lock is held from before `asleep` is set until the wait sleeps, so a signal
            // sent with the lock held after `asleep` reaches this wait.
            let signalled = condition.wait(until: start + 10)
            lock.unlock()
            state.withLock { $0.woken = signalled; $0.waited = monotonicNow() - start }
        }
        thread.start()
        XCTAssertTrue(holdsSoon { state.withLock { $0.asleep } })
        condition.lockAndBroadcast()
        XCTAssertTrue(holdsSoon { state.withLock { $0.woken != nil } }, "the waiter never woke")
        let result = state.withLock { $0 }
        XCTAssertEqual(result.woken, true, "the wait ended by the signal, not by its deadline")
        XCTAssertLessThan(result.waited, 5)
    }

    func testPingPongBetweenTwoThreadsLosesNoWakeUp() {
        // Two threads take turns: each waits until the count has its parity, then adds one and
        // signals. A lost wake-up leaves the other asleep until its deadline, which is counted.
        let rounds = 20_000
        let turn = Guarded((next: 0, timeouts: 0))
        let changed = turn.makeCondition()
        XCTAssertTrue(onThreads(2, timeout: 60) { parity in
            while true {
                let deadline = monotonicNow() + 10
                let done = turn.withLock(waitingOn: changed, until: deadline,
                                         for: { $0.next >= rounds || $0.next % 2 == parity || monotonicNow() >= deadline }) { state in
                    if state.next >= rounds { return true }
                    if state.next % 2 != parity {
                        state.timeouts += 1
                        return true
                    }
                    state.next += 1
                    changed.signal()
                    return false
                }
                if done { return }
            }
        })
        let state = turn.withLock { $0 }
        XCTAssertEqual(state.timeouts, 0, "a thread slept through its turn")
        XCTAssertEqual(state.next, rounds)
    }

    func testBroadcastWakesEveryWaiter() {
        let waiters = 8
        let state = Guarded((open: false, asleep: 0, through: 0, timeouts: 0))
        let changed = state.makeCondition()
        let finished = Guarded(false)
        let runner = Thread {
            onThreads(waiters) { _ in
                let deadline = monotonicNow() + 20
                state.withLock { $0.asleep += 1 }
                state.withLock(waitingOn: changed, until: deadline, for: { $0.open || monotonicNow() >= deadline }) { value in
                    if value.open { value.through += 1 } else { value.timeouts += 1 }
                }
            }
            finished.withLock { $0 = true }
        }
        runner.start()
        XCTAssertTrue(holdsSoon { state.withLock { $0.asleep } == waiters })
        state.withLock { value in
            value.open = true
            changed.broadcast()
        }
        XCTAssertTrue(holdsSoon(within: 30) { finished.withLock { $0 } })
        let result = state.withLock { $0 }
        XCTAssertEqual(result.through, waiters)
        XCTAssertEqual(result.timeouts, 0, "a broadcast missed a waiter")
    }
}
