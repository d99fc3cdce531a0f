import Glibc

/// How long a source or a broadcast waits before trying again after it failed (D4): the delay
/// that ``PlaybackStatus/reconnecting(attempt:retryIn:)`` and
/// ``BroadcastReport/Phase/reconnecting(attempt:nextTryIn:)`` report.
public enum ReconnectBackoff {
    /// The reconnection delay before try `attempt` (1-based): 0.5 s doubling up to 8 s.
    public static func delay(attempt: Int) -> Double {
        min(8, 0.5 * pow(2, Double(max(0, attempt - 1))))
    }
}
