import CFFmpeg
import Synchronization

/// A flag FFmpeg polls during blocking I/O (AVIOInterruptCB): set on close, or when a deadline passes.
package final class InterruptFlag: Sendable {
    private let closed = Atomic<Bool>(false)
    private let deadlineNanos = Atomic<UInt64>(0)

    package init() {}

    /// Asks every blocking FFmpeg call that polls this flag to return promptly.
    package func interrupt() { closed.store(true, ordering: .releasing) }

    /// True once ``interrupt()`` was called.
    package var isInterrupted: Bool { closed.load(ordering: .acquiring) }

    /// Makes blocking calls give up after `seconds` (nil: no deadline).
    package func setDeadline(after seconds: Double?) {
        guard let seconds else { deadlineNanos.store(0, ordering: .relaxed); return }
        deadlineNanos.store(MonotonicTime.nanos() + UInt64(seconds * 1e9), ordering: .relaxed)
    }

    /// True when the current blocking call should stop.
    package var shouldAbort: Bool {
        if isInterrupted { return true }
        let deadline = deadlineNanos.load(ordering: .relaxed)
        return deadline != 0 && MonotonicTime.nanos() > deadline
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
