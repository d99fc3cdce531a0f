import Foundation
import Glibc
import LocksAndThreads
import XCTest

/// ``PollThread``: its first turn, its wake-ups, the descriptors it reports readable, and its end.
final class PollThreadTests: XCTestCase {
    /// What the turns saw, in order.
    private final class Turns: Sendable {
        let seen = Guarded<[[Bool]]>([])
        let threadNames = Guarded<Set<String>>([])
        var count: Int { seen.withLock { $0.count } }
    }

    /// A new pipe; the test closes its ends (after stopping the thread that watches them).
    private func makePipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        return (fds[0], fds[1])
    }

    private func close(_ ends: (read: Int32, write: Int32)...) {
        for end in ends {
            Glibc.close(end.read)
            Glibc.close(end.write)
        }
    }

    func testFirstTurnSeesNothingReadableAndWakeRunsAnother() throws {
        let ends = makePipe()
        defer { close(ends) }
        let turns = Turns()
        let thread = try PollThread(name: "test-poll", work: turns, watching: [ends.read]) { turns, readable in
            turns.seen.withLock { $0.append(readable) }
            turns.threadNames.withLock { _ = $0.insert(currentThreadName()) }
            return true
        }
        defer { thread.stop() }
        XCTAssertTrue(holdsSoon { turns.count == 1 })
        usleep(100_000)
        XCTAssertEqual(turns.count, 1, "the thread ran a turn with nothing to do")
        for expected in 2...20 {
            thread.wake()
            XCTAssertTrue(holdsSoon { turns.count >= expected }, "wake-up \(expected) was lost")
        }
        XCTAssertEqual(turns.seen.withLock { $0 }.filter { $0 != [false] }, [], "the pipe was never readable")
        XCTAssertEqual(turns.threadNames.withLock { $0 }, ["test-poll"])
    }

    func testReportsWhichDescriptorIsReadable() throws {
        let first = makePipe(), second = makePipe()
        defer { close(first, second) }
        let turns = Turns()
        let thread = try PollThread(name: "test-poll", work: turns, watching: [first.read, second.read]) { turns, readable in
            turns.seen.withLock { $0.append(readable) }
            if readable[1] {
                var buffer = [UInt8](repeating: 0, count: 8)
                _ = read(second.read, &buffer, buffer.count)
            }
            return true
        }
        defer { thread.stop() }
        XCTAssertTrue(holdsSoon { turns.count == 1 })
        var byte: UInt8 = 7
        XCTAssertEqual(write(second.write, &byte, 1), 1)
        XCTAssertTrue(holdsSoon { turns.count == 2 })
        XCTAssertEqual(turns.seen.withLock { $0 }, [[false, false], [false, true]])
    }

    func testStopEndsTheThreadAndMayBeCalledAgainFromManyThreads() throws {
        let turns = Turns()
        let thread = try PollThread(name: "test-poll", work: turns, watching: []) { turns, readable in
            turns.seen.withLock { $0.append(readable) }
            return true
        }
        XCTAssertTrue(holdsSoon { turns.count == 1 })
        XCTAssertTrue(onThreads(6, timeout: 10) { _ in thread.stop() }, "a stop never returned")
        let after = turns.count
        thread.wake()
        usleep(100_000)
        XCTAssertEqual(turns.count, after, "a turn ran after stop returned")
    }

    func testATurnThatReturnsFalseEndsTheThread() throws {
        let turns = Turns()
        let thread = try PollThread(name: "test-poll", work: turns, watching: []) { turns, readable in
            turns.seen.withLock { $0.append(readable) }
            return turns.count < 3
        }
        for _ in 0..<10 {
            thread.wake()
            usleep(10_000)
        }
        XCTAssertTrue(onThreads(1, timeout: 10) { _ in thread.stop() }, "stop waited for a thread that ended")
        XCTAssertEqual(turns.count, 3)
    }
}
