import LocksAndThreads

/// A clock that moves only when told to (``advance(by:)``), for tests: every deadline a player
/// sleeps until is reached exactly when the test says, on any machine load.
///
/// Timed waits sleep until signalled; advancing the time wakes every waiter so it re-checks its
/// deadline. ``waiters`` tells a test which deadlines are being waited for, so it can see that a
/// thread went back to sleep after a wake-up without watching the wall clock.
package final class ManualClock: PlayerClock {
    /// One thread sleeping on this clock.
    package struct Waiter: Sendable {
        /// The deadline it sleeps until (nil: until signalled).
        package let deadline: Double?
        /// How many times the clock had been advanced when it went to sleep.
        package let generation: Int
    }

    private struct State {
        var time: Double
        var generation = 0
        var nextToken = 0
        var sleepers: [Int: (condition: WakeCondition, waiter: Waiter)] = [:]
    }

    private let state: Guarded<State>

    /// A clock reading `start`.
    package init(start: Double = 1000) {
        state = Guarded(State(time: start))
    }

    package func now() -> Double { state.withLock { $0.time } }

    /// How many times the clock was advanced.
    package var generation: Int { state.withLock { $0.generation } }

    /// The threads sleeping on this clock now.
    package var waiters: [Waiter] { state.withLock { $0.sleepers.values.map(\.waiter) } }

    /// True when some thread went to sleep until `deadline` after the clock's latest move.
    package func hasFreshWaiter(until deadline: Double) -> Bool {
        state.withLock { state in
            state.sleepers.values.contains { abs(($0.waiter.deadline ?? -1) - deadline) < 1e-9
                && $0.waiter.generation == state.generation }
        }
    }

    /// Moves the time forward and wakes every sleeping thread so it re-checks its deadline.
    package func advance(by seconds: Double) {
        let conditions = state.withLock { state in
            state.time += max(0, seconds)
            state.generation += 1
            return state.sleepers.values.map(\.condition)
        }
        for condition in conditions { condition.lockAndBroadcast() }
    }

    package func wait(on condition: WakeCondition, until deadline: Double?) -> Bool {
        let token: Int? = state.withLock { state in
            if let deadline, state.time >= deadline { return nil }
            state.nextToken += 1
            let waiter = Waiter(deadline: deadline, generation: state.generation)
            state.sleepers[state.nextToken] = (condition, waiter)
            return state.nextToken
        }
        guard let token else { return false }
        condition.wait(until: nil)
        return state.withLock { state in
            state.sleepers[token] = nil
            return deadline.map { state.time < $0 } ?? true
        }
    }
}
