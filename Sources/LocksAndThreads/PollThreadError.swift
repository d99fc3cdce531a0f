import Glibc

/// Why a ``PollThread`` could not start: its wake pipe could not be made.
package struct PollThreadError: Error, Sendable, CustomStringConvertible {
    /// The `errno` of the failed `pipe`.
    package let errno: Int32

    /// The system's words for it.
    package var description: String { "cannot create a pipe (\(String(cString: strerror(errno))))" }
}
