import Foundation
import LocksAndThreads
import Playback

/// The state a publisher's threads share, behind one lock.
///
/// `@unchecked Sendable`: every `var` (and the lazily made condition) is only touched inside
/// ``locked(_:)``, with `lock` held; the interrupt flags are atomic and the rest never changes.
final class PublishCore: @unchecked Sendable {
    let options: PublishOptions
    private let lock = Lock()
    private lazy var changed = WakeCondition(lock: lock)
    /// Cuts the capture's blocking reads short on stop.
    let captureInterrupt = InterruptFlag()
    /// Bounds and, at the end of a stop, cuts short the RTMP connection's blocking calls.
    let outputInterrupt = InterruptFlag()

    private var closed = false
    private var status: PublishStatus = .connecting
    private let statusHandler: (@Sendable (PublishStatus) -> Void)?
    private var preview: VideoFrame?
    private var format: CaptureFormat?
    private var captureFailed = false
    private var accepting = false
    private var queue: [CapturedItem] = []
    private var queuedPictures = 0
    private var dropped = 0
    private var sent = 0
    private var connections = 0
    private var liveStart: Double?
    private var byteSamples: [(time: Double, total: Int)] = []
    private var threadsRunning = 0
    private let captureHold: CaptureHold?

    /// Pictures waiting for the encoder before the oldest is dropped.
    static let maximumQueuedPictures = 8

    init(options: PublishOptions, captureHold: CaptureHold?, onStatusChange: (@Sendable (PublishStatus) -> Void)?) {
        self.captureHold = captureHold
        self.options = options
        statusHandler = onStatusChange
    }

    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Lifecycle

    func threadStarted() { locked { threadsRunning += 1 } }

    func threadEnded() {
        locked {
            threadsRunning -= 1
            changed.broadcast()
        }
    }

    var isClosed: Bool { locked { closed } }

    var workingThreads: Int { locked { threadsRunning } }

    /// Asks both threads to finish; the capture's reads are cut short at once.
    func close() {
        locked {
            closed = true
            accepting = false
            changed.broadcast()
        }
        captureInterrupt.interrupt()
    }

    /// Waits until no thread runs or `deadline` (monotonic seconds) passes; true when none runs.
    func waitForThreads(until deadline: Double) -> Bool {
        locked {
            while threadsRunning > 0 && MonotonicTime.seconds() < deadline { changed.wait(until: deadline) }
            return threadsRunning == 0
        }
    }

    /// Sleeps until `deadline` or a close; true when closed.
    func sleep(until deadline: Double) -> Bool {
        locked {
            while !closed && MonotonicTime.seconds() < deadline { changed.wait(until: deadline) }
            return closed
        }
    }

    // MARK: Status

    func setStatus(_ new: PublishStatus) {
        let changed: Bool = locked {
            guard status != new, !status.isFinal else { return false }
            status = new
            return true
        }
        if changed { statusHandler?(new) }
    }

    var currentStatus: PublishStatus { locked { status } }

    // MARK: Capture side

    func setFormat(_ new: CaptureFormat?) {
        locked {
            format = new
            captureFailed = new == nil
            changed.broadcast()
        }
    }

    /// The capture's format once known; nil when the capture failed or the publisher closed.
    func waitForFormat() -> CaptureFormat? {
        locked {
            while format == nil && !captureFailed && !closed { changed.wait(until: nil) }
            return closed ? nil : format
        }
    }

    /// Called by the capture thread before each read: sleeps out a stall the capture hold asked for, if any.
    func holdCaptureIfAsked() {
        let seconds = captureHold?.take() ?? 0
        if seconds > 0 { _ = sleep(until: MonotonicTime.seconds() + seconds) }
    }

    func setPreview(_ frame: VideoFrame) { locked { preview = frame } }

    var currentPreview: VideoFrame? { locked { preview } }

    /// Queues an item for the sender while it is live; drops the oldest picture when it falls behind.
    func enqueue(_ item: CapturedItem) {
        locked {
            guard accepting else { return }
            if case .picture = item {
                if queuedPictures >= Self.maximumQueuedPictures,
                   let oldest = queue.firstIndex(where: { if case .picture = $0 { true } else { false } }) {
                    queue.remove(at: oldest)
                    queuedPictures -= 1
                    dropped += 1
                }
                queuedPictures += 1
            }
            queue.append(item)
            changed.broadcast()
        }
    }

    // MARK: Sender side

    /// The sender connected: count it and start taking captured items.
    func wentLive() -> Double {
        let now = MonotonicTime.seconds()
        locked {
            connections += 1
            liveStart = now
            byteSamples = [(now, 0)]
            queue.removeAll()
            queuedPictures = 0
            accepting = !closed
        }
        setStatus(.live)
        return now
    }

    /// The connection ended: stop queueing and forget what was queued.
    func stopAccepting() {
        locked {
            accepting = false
            liveStart = nil
            queue.removeAll()
            queuedPictures = 0
        }
    }

    /// The next captured item; nil once closed.
    func nextItem() -> CapturedItem? {
        locked {
            while queue.isEmpty && !closed { changed.wait(until: nil) }
            guard !closed else { return nil }
            let item = queue.removeFirst()
            if case .picture = item { queuedPictures -= 1 }
            return item
        }
    }

    /// Records what one send wrote, for the bitrate and the frame count.
    func recordSent(totalBytes: Int, picture: Bool) {
        let now = MonotonicTime.seconds()
        locked {
            if picture { sent += 1 }
            byteSamples.append((now, totalBytes))
            while byteSamples.count > 2, now - byteSamples[1].time >= 2 { byteSamples.removeFirst() }
        }
    }

    var stats: PublishStats {
        locked {
            let now = MonotonicTime.seconds()
            var rate = 0.0
            if liveStart != nil, let first = byteSamples.first, let last = byteSamples.last, last.time > first.time {
                rate = Double(last.total - first.total) * 8 / max(now - first.time, 0.5)
            }
            return PublishStats(status: status, liveSeconds: liveStart.map { now - $0 } ?? 0, bitsPerSecond: rate,
                                droppedFrames: dropped, sentFrames: sent, connections: connections)
        }
    }
}
