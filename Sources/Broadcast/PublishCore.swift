import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// The state a publisher's threads share, behind one lock, and what never changes.
final class PublishCore: Sendable {
    /// What the capture and sender threads and the app change.
    private struct State {
        var closed = false
        var status: BroadcastReport.Phase = .connecting
        var preview: VideoFrame?
        var format: CaptureFormat?
        var captureFailed = false
        var accepting = false
        var queue: [CapturedItem] = []
        var queuedPictures = 0
        var dropped = 0
        var sent = 0
        var connections = 0
        var liveStart: Double?
        var byteSamples: [(time: Double, total: Int)] = []
        var threadsRunning = 0
        var sending: CallSending?
    }

    let options: PublishOptions
    private let state = Guarded(State())
    private let changed: WakeCondition
    /// Cuts the capture's blocking reads short on stop.
    let captureInterrupt = InterruptFlag()
    /// The same for the microphone's capture (its own: an open sets a deadline on its flag).
    let microphoneInterrupt = InterruptFlag()
    /// Bounds and, at the end of a stop, cuts short the RTMP connection's blocking calls.
    let outputInterrupt = InterruptFlag()
    private let statusHandler: (@Sendable (BroadcastReport.Phase) -> Void)?
    private let captureHold: CaptureHold?

    /// Pictures waiting for the encoder before the oldest is dropped.
    static let maximumQueuedPictures = 8

    init(options: PublishOptions, captureHold: CaptureHold?, onStatusChange: (@Sendable (BroadcastReport.Phase) -> Void)?) {
        self.captureHold = captureHold
        self.options = options
        statusHandler = onStatusChange
        changed = state.makeCondition()
    }

    // MARK: Lifecycle

    func threadStarted() { state.withLock { $0.threadsRunning += 1 } }

    func threadEnded() {
        state.withLock {
            $0.threadsRunning -= 1
            changed.broadcast()
        }
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    var workingThreads: Int { state.withLock { $0.threadsRunning } }

    /// Asks every thread to finish; the captures' reads are cut short at once.
    func close() {
        state.withLock {
            $0.closed = true
            $0.accepting = false
            changed.broadcast()
        }
        captureInterrupt.interrupt()
        microphoneInterrupt.interrupt()
    }

    /// Waits until no thread runs or `deadline` (monotonic seconds) passes; true when none runs.
    func waitForThreads(until deadline: Double) -> Bool {
        state.withLock(waitingOn: changed, until: deadline,
                       for: { $0.threadsRunning == 0 || MonotonicTime.seconds() >= deadline }) { $0.threadsRunning == 0 }
    }

    /// Sleeps until `deadline` or a close; true when closed.
    func sleep(until deadline: Double) -> Bool {
        state.withLock(waitingOn: changed, until: deadline,
                       for: { $0.closed || MonotonicTime.seconds() >= deadline }) { $0.closed }
    }

    // MARK: Status

    func setStatus(_ new: BroadcastReport.Phase) {
        let changed: Bool = state.withLock {
            guard $0.status != new, !$0.status.isFinal else { return false }
            $0.status = new
            return true
        }
        if changed { statusHandler?(new) }
    }

    var currentStatus: BroadcastReport.Phase { state.withLock { $0.status } }

    // MARK: Capture side

    func setFormat(_ new: CaptureFormat?) {
        state.withLock {
            $0.format = new
            $0.captureFailed = new == nil
            changed.broadcast()
        }
    }

    /// The capture's format once known; nil when the capture failed or the publisher closed.
    func waitForFormat() -> CaptureFormat? {
        state.withLock(waitingOn: changed, for: { $0.format != nil || $0.captureFailed || $0.closed }) {
            $0.closed ? nil : $0.format
        }
    }

    /// Called by the capture thread before each read: sleeps out a stall the capture hold asked for, if any.
    func holdCaptureIfAsked() {
        let seconds = captureHold?.take() ?? 0
        if seconds > 0 { _ = sleep(until: MonotonicTime.seconds() + seconds) }
    }

    func setPreview(_ frame: VideoFrame) { state.withLock { $0.preview = frame } }

    /// A call participant's microphone and camera state (nil for a host's broadcast).
    var sending: CallSending? {
        get { state.withLock { $0.sending } }
        set { state.withLock { $0.sending = newValue } }
    }

    var currentPreview: VideoFrame? { state.withLock { $0.preview } }

    /// Queues an item for the sender while it is live; drops the oldest picture when it falls behind.
    func enqueue(_ item: CapturedItem) {
        state.withLock { state in
            guard state.accepting else { return }
            // A muted microphone sends silence, timed like the sound it replaces (W10).
            if case .sound(let samples, let time) = item, state.sending?.microphoneMuted == true {
                state.queue.append(.sound(Array(repeating: 0, count: samples.count), time: time))
                changed.broadcast()
                return
            }
            if case .picture = item {
                if state.queuedPictures >= Self.maximumQueuedPictures,
                   let oldest = state.queue.firstIndex(where: { if case .picture = $0 { true } else { false } }) {
                    state.queue.remove(at: oldest)
                    state.queuedPictures -= 1
                    state.dropped += 1
                }
                state.queuedPictures += 1
            }
            state.queue.append(item)
            changed.broadcast()
        }
    }

    // MARK: Sender side

    /// The sender connected: count it and start taking captured items.
    func wentLive() -> Double {
        let now = MonotonicTime.seconds()
        state.withLock { state in
            state.connections += 1
            state.liveStart = now
            state.byteSamples = [(now, 0)]
            state.queue.removeAll()
            state.queuedPictures = 0
            state.accepting = !state.closed
        }
        setStatus(.live)
        return now
    }

    /// The connection ended: stop queueing and forget what was queued.
    func stopAccepting() {
        state.withLock { state in
            state.accepting = false
            state.liveStart = nil
            state.queue.removeAll()
            state.queuedPictures = 0
        }
    }

    /// The next captured item; nil once closed.
    func nextItem() -> CapturedItem? {
        state.withLock(waitingOn: changed, for: { !$0.queue.isEmpty || $0.closed }) { state in
            guard !state.closed else { return nil }
            let item = state.queue.removeFirst()
            if case .picture = item { state.queuedPictures -= 1 }
            return item
        }
    }

    /// Records what one send wrote, for the bitrate and the frame count.
    func recordSent(totalBytes: Int, picture: Bool) {
        let now = MonotonicTime.seconds()
        state.withLock { state in
            if picture { state.sent += 1 }
            state.byteSamples.append((now, totalBytes))
            while state.byteSamples.count > 2, now - state.byteSamples[1].time >= 2 { state.byteSamples.removeFirst() }
        }
    }

    var stats: BroadcastReport {
        state.withLock { state in
            let now = MonotonicTime.seconds()
            var rate = 0.0
            if state.liveStart != nil, let first = state.byteSamples.first, let last = state.byteSamples.last,
               last.time > first.time {
                rate = Double(last.total - first.total) * 8 / max(now - first.time, 0.5)
            }
            return BroadcastReport(phase: state.status, liveSeconds: state.liveStart.map { now - $0 } ?? 0,
                                   bitsPerSecond: rate, droppedFrames: state.dropped, sentFrames: state.sent,
                                   connections: state.connections)
        }
    }
}
