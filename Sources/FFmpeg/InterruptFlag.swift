import CFFmpeg
import LocksAndThreads

/// A flag FFmpeg polls during blocking I/O (AVIOInterruptCB): set on close, or when a deadline passes.
package final class InterruptFlag: Sendable {
    private struct State {
        var closed = false
        /// Monotonic nanoseconds after which blocking calls give up; 0 for none.
        var deadlineNanos: UInt64 = 0
    }

    private let state = Guarded(State())

    package init() {}

    /// Asks every blocking FFmpeg call that polls this flag to return promptly.
    package func interrupt() { state.withLock { $0.closed = true } }

    /// True once ``interrupt()`` was called.
    package var isInterrupted: Bool { state.withLock { $0.closed } }

    /// Makes blocking calls give up after `seconds` (nil: no deadline).
    package func setDeadline(after seconds: Double?) {
        let deadline = seconds.map { MonotonicTime.nanos() + UInt64($0 * 1e9) } ?? 0
        state.withLock { $0.deadlineNanos = deadline }
    }

    /// True when the current blocking call should stop.
    package var shouldAbort: Bool {
        let (closed, deadline) = state.withLock { ($0.closed, $0.deadlineNanos) }
        return closed || (deadline != 0 && MonotonicTime.nanos() > deadline)
    }

    /// The C callback record to store in an AVFormatContext; valid while `self` is alive.
    package var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: interruptCallback, opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}

private let interruptCallback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
    guard let opaque else { return 0 }
    return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().shouldAbort ? 1 : 0
}
