import Foundation
import LocksAndThreads
import XCTest

/// ``ResultThread``: the body runs once on its own named thread, and every caller of
/// ``ResultThread/result()`` waits for it and gets the one value it returned.
final class ResultThreadTests: XCTestCase {
    func testResultWaitsForTheBodyAndHandsBackItsValue() {
        let gate = Guarded(false)
        let opened = gate.makeCondition()
        let worker = ResultThread(name: "test-result") { () -> String in
            gate.withLock(waitingOn: opened, for: { $0 }) { _ in }
            return currentThreadName()
        }
        let got = Guarded<String?>(nil)
        let waiter = Thread {
            let value = worker.result()
            got.withLock { $0 = value }
        }
        waiter.start()
        usleep(100_000)
        XCTAssertNil(got.withLock { $0 }, "result() returned before the body did")
        gate.withLock { $0 = true; opened.broadcast() }
        XCTAssertTrue(holdsSoon { got.withLock { $0 != nil } }, "result() never returned")
        XCTAssertEqual(got.withLock { $0 }, "test-result", "the body ran on the named thread")
    }

    func testEveryCallerGetsTheOneResultAndTheBodyRunsOnce() {
        let runs = Guarded(0)
        let worker = ResultThread(name: "test-result") { () -> Int in
            usleep(50_000)
            return runs.withLock { count in
                count += 1
                return 1000 + count
            }
        }
        let results = Guarded<[Int]>([])
        XCTAssertTrue(onThreads(16, timeout: 10) { _ in
            let value = worker.result()
            results.withLock { $0.append(value) }
        })
        XCTAssertEqual(results.withLock { $0 }, [Int](repeating: 1001, count: 16))
        XCTAssertEqual(worker.result(), 1001, "a later call gets the same value")
        XCTAssertEqual(runs.withLock { $0 }, 1)
    }

    func testManyThreadsEachHandBackTheirOwnResult() {
        let workers = (0..<32).map { index in ResultThread(name: "test-result-\(index)") { index * index } }
        XCTAssertEqual(workers.map { $0.result() }, (0..<32).map { $0 * $0 })
    }

    func testAVoidBodyIsJoined() {
        let done = Guarded(false)
        let worker = ResultThread(name: "test-join") {
            usleep(50_000)
            done.withLock { $0 = true }
        }
        worker.result()
        XCTAssertTrue(done.withLock { $0 }, "result() returned before the body ended")
    }
}
