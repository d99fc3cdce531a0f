import Foundation
import LocksAndThreads
import XCTest

/// ``ThreadConfined`` hands its value, the same object, to the thread that takes it.
final class ThreadConfinedTests: XCTestCase {
    /// A value that is not `Sendable`, as the C handles ThreadConfined carries are not.
    private final class Handle {
        var uses = 0
    }

    func testTheTakingThreadGetsTheSameValue() {
        let handle = Handle()
        let identity = ObjectIdentifier(handle)
        let confined = ThreadConfined(handle)
        let seen = Guarded<(identity: ObjectIdentifier, uses: Int)?>(nil)
        let thread = Thread {
            let taken = confined.take()
            taken.uses += 1
            seen.withLock { $0 = (ObjectIdentifier(taken), taken.uses) }
        }
        thread.start()
        XCTAssertTrue(holdsSoon { seen.withLock { $0 != nil } })
        XCTAssertEqual(seen.withLock { $0?.identity }, identity)
        XCTAssertEqual(seen.withLock { $0?.uses }, 1)
    }
}
