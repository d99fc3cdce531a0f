import LocksAndThreads

/// Makes a publisher's capture thread stand still before its next read, as a stalled host would.
/// Tests hand one to `Publisher.init` and call `stall(for:)` while the publisher runs.
public final class CaptureHold: Sendable {
    private let pendingMicroseconds = Guarded(0)

    public init() {}

    /// Asks the capture thread to stand still for `seconds` before its next read.
    public func stall(for seconds: Double) {
        pendingMicroseconds.withLock { $0 += Int((seconds * 1e6).rounded()) }
    }

    /// The stall asked for since the last call, in seconds (0 when none), taken so it is slept out once.
    func take() -> Double {
        let taken = pendingMicroseconds.withLock { pending in
            defer { pending = 0 }
            return pending
        }
        return Double(taken) / 1e6
    }
}
