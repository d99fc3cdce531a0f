import Glibc

/// Why a ``PollThread`` could not start: its wake pipe could not be made.
package struct PollThreadError: Error, Sendable {
    /// The `errno` of the failed `pipe`.
    package let errno: Int32

    /// The system's words for the `errno` (`strerror`).
    package var reason: String { String(cString: strerror(errno)) }
}
