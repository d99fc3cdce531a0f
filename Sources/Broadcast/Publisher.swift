import Foundation
import Playback

/// A live broadcast (W2): captures a source (`lavfi:`, `v4l2:`, `x11grab:`), encodes H.264
/// (libx264, ultrafast, zero latency) and AAC, and publishes FLV over RTMP with FFmpeg's muxer,
/// on two worker threads (capture, and encode + send). The preview comes from the capture, so it
/// keeps running while the server is away; a refused or dropped stream reconnects with D4's
/// backoff and fails after ``PublishOptions/maximumAttempts`` tries in a row; while nobody
/// listens at the server's address, it also tries every quarter second during the backoff, so
/// a restarted server has the stream back at once. The first seconds
/// of each connection carry key frames close together (``PublishOptions/joinKeyFrameInterval``),
/// so viewers that join or rejoin then, as they all do when the server comes back, start playing
/// without waiting for a whole GOP.
///
/// Thread-safe: every member may be called from any thread; status callbacks arrive on a worker.
public final class Publisher: Sendable {
    private let core: PublishCore

    /// Starts capturing `source` and publishing it to `url` (an `rtmp://` URL) at once.
    /// `onStatusChange` is called on a worker thread after every status change; it is in place
    /// before the workers start, so it sees the very first change. `onPreview` is called on the
    /// capture thread after each new preview picture, so a view can show it as it is captured
    /// rather than at its next poll. `captureHold`, when given, makes the capture stand still on
    /// request, as a stalled host would (tests inject it).
    public init(source: String, url: String, options: PublishOptions = PublishOptions(),
                captureHold: CaptureHold? = nil,
                onStatusChange: (@Sendable (PublishStatus) -> Void)? = nil,
                onPreview: (@Sendable () -> Void)? = nil) {
        FFmpegRuntime.ensureInitialized()
        core = PublishCore(options: options, captureHold: captureHold, onStatusChange: onStatusChange)
        let core = self.core
        let sender = PublishSender(core: core, url: url)
        core.threadStarted()
        core.threadStarted()
        let captureThread = Thread { Self.capture(source: source, core: core, onPreview: onPreview) }
        captureThread.name = "floatapp.publish.capture"
        let sendThread = Thread { sender.run() }
        sendThread.name = "floatapp.publish.send"
        captureThread.start()
        sendThread.start()
    }

    deinit { core.close() }

    private static func capture(source: String, core: PublishCore, onPreview: (@Sendable () -> Void)?) {
        defer { core.threadEnded() }
        let capture: Capture
        do {
            capture = try Capture(source: source, options: core.options, interrupt: core.captureInterrupt)
        } catch {
            core.setFormat(nil)
            if !core.isClosed { core.setStatus(.failed(.capture(error))) }
            return
        }
        core.setFormat(capture.format)
        let error = capture.run(shouldStop: { core.isClosed }, beforeRead: core.holdCaptureIfAsked, preview: { picture in
            core.setPreview(picture)
            onPreview?()
        }, deliver: core.enqueue)
        if let error, !core.isClosed {
            core.setStatus(.failed(.capture(error)))
            core.close()
        }
    }

    /// What the broadcast is doing now.
    public var status: PublishStatus { core.currentStatus }

    /// The figures for the host's view: status, time live, bitrate, dropped frames.
    public var stats: PublishStats { core.stats }

    /// The newest captured picture, small (``PublishOptions/previewMaximumSize``); nil before the first.
    public func currentPreview() -> VideoFrame? { core.currentPreview }

    /// Ends the broadcast cleanly (the server sees the stream end) and stops the capture. While
    /// live, waits up to about two seconds for the last packets (a connection stuck longer is cut);
    /// a connection still being made is cut at once. Usually returns within a few milliseconds.
    public func stop() {
        let wasLive = core.currentStatus == .live
        core.close()
        if !wasLive { core.outputInterrupt.interrupt() }
        if !core.waitForThreads(until: MonotonicTime.seconds() + 2) {
            core.outputInterrupt.interrupt()
            _ = core.waitForThreads(until: MonotonicTime.seconds() + 1)
        }
        core.setStatus(.stopped)
    }

    /// Worker threads still running (for tests: 0 after ``stop()``).
    package var workingThreads: Int { core.workingThreads }
}
