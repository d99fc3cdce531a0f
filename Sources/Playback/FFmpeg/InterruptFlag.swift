import CFFmpeg
import Synchronization

/// A flag FFmpeg polls during blocking I/O (AVIOInterruptCB): set on close, or when a deadline passes.
final class InterruptFlag: Sendable {
    private let closed = Atomic<Bool>(false)
    private let deadlineNanos = Atomic<UInt64>(0)

    /// Asks every blocking FFmpeg call that polls this flag to return promptly.
    func interrupt() { closed.store(true, ordering: .releasing) }

    /// True once ``interrupt()`` was called.
    var isInterrupted: Bool { closed.load(ordering: .acquiring) }

    /// Makes blocking calls give up after `seconds` (nil: no deadline).
    func setDeadline(after seconds: Double?) {
        guard let seconds else { deadlineNanos.store(0, ordering: .relaxed); return }
        deadlineNanos.store(MonotonicTime.nanos() + UInt64(seconds * 1e9), ordering: .relaxed)
    }

    /// True when the current blocking call should stop.
    var shouldAbort: Bool {
        if isInterrupted { return true }
        let deadline = deadlineNanos.load(ordering: .relaxed)
        return deadline != 0 && MonotonicTime.nanos() > deadline
    }

    /// The C callback record to store in an AVFormatContext; valid while `self` is alive.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(callback: interruptCallback, opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}

private let interruptCallback: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { opaque in
    guard let opaque else { return 0 }
    return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().shouldAbort ? 1 : 0
}
