import FFmpeg
import LocksAndThreads

/// Where a player reads the time, and how its threads sleep until a time: the reconnection
/// backoff (D4), the clock deadlines of decoding and presenting, and the close deadline.
///
/// Production players use ``MonotonicClock``; tests pass a ``ManualClock`` and move time by
/// hand, so timing is checked without sleeping. FFmpeg's own I/O timeouts (``InterruptFlag``)
/// stay on real time: they bound calls into the network, not the player's schedule.
package protocol PlayerClock: Sendable {
    /// Seconds since an arbitrary fixed point; never goes back.
    func now() -> Double

    /// Sleeps on `condition` (its lock held) until it is signalled, or until `deadline` on this
    /// clock when one is given. Returns false when the deadline passed. Wake-ups may be
    /// spurious: callers re-check what they wait for.
    func wait(on condition: WakeCondition, until deadline: Double?) -> Bool
}

/// The monotonic system clock: timed waits sleep in the kernel until the deadline.
package struct MonotonicClock: PlayerClock {
    package init() {}

    package func now() -> Double { MonotonicTime.seconds() }

    package func wait(on condition: WakeCondition, until deadline: Double?) -> Bool {
        condition.wait(until: deadline)
    }
}
