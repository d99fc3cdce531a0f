import Glibc

/// The monotonic system clock: the time base of every clock in a player, of a publisher's
/// timing and of the wake conditions' deadlines.
package enum MonotonicTime {
    /// Nanoseconds since an arbitrary fixed point.
    package static func nanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Seconds since an arbitrary fixed point.
    package static func seconds() -> Double { Double(nanos()) / 1e9 }
}
