import LocksAndThreads
import XCTest

/// Many threads taking one ``Lock`` and ``Guarded`` value at once: no update may be lost.
final class LockTests: XCTestCase {
    /// A counter outside the lock's own type, changed only with the lock held.
    private final class Counter: @unchecked Sendable {
        var value = 0
    }

    func testLockMakesIncrementsFromManyThreadsExclusive() {
        let lock = Lock()
        let counter = Counter()
        let threads = 8, rounds = 20_000
        XCTAssertTrue(onThreads(threads) { _ in
            for _ in 0..<rounds {
                lock.lock()
                let seen = counter.value
                counter.value = seen + 1
                lock.unlock()
            }
        })
        lock.lock()
        XCTAssertEqual(counter.value, threads * rounds)
        lock.unlock()
    }

    func testGuardedKeepsEveryUpdateUnderContention() {
        let guarded = Guarded((total: 0, perThread: [Int](repeating: 0, count: 8)))
        let rounds = 20_000
        XCTAssertTrue(onThreads(8) { index in
            for _ in 0..<rounds {
                guarded.withLock { state in
                    state.total += 1
                    state.perThread[index] += 1
                }
            }
        })
        let state = guarded.withLock { $0 }
        XCTAssertEqual(state.total, 8 * rounds)
        XCTAssertEqual(state.perThread, [Int](repeating: rounds, count: 8))
    }

    func testGuardedReturnsWhatItsBodyReturnsAndRethrows() {
        struct Refused: Error {}
        let guarded = Guarded(41)
        XCTAssertEqual(guarded.withLock { value -> Int in
            value += 1
            return value * 2
        }, 84)
        XCTAssertThrowsError(try guarded.withLock { value in
            value = 0
            throw Refused()
        })
        XCTAssertEqual(guarded.withLock { $0 }, 0, "a body that throws keeps what it changed before")
    }
}
