import EngineTerms
import FFmpeg
import Foundation
import LocksAndThreads
import Rooms

/// A live broadcast (W9): captures a source (`lavfi:`, `v4l2:`, `x11grab:`), and a microphone
/// when given one (`pulse:`, `alsa:`), encodes H.264 (libx264, ultrafast, zero latency) and
/// AAC, and publishes FLV over RTMP with FFmpeg's muxer, on worker threads (capture, the
/// microphone's capture, and encode + send). The preview comes from the capture, so it
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
    /// With a `microphone` (a source in R3's syntax with sound: `pulse:default`, `alsa:hw:0`, or a
    /// `lavfi:` graph), the sound sent is the microphone's and `source` gives the picture only;
    /// without one, the sound is `source`'s own. When either cannot be opened the broadcast
    /// fails with ``BroadcastFailure/capture(_:)`` saying why (a missing sound server among them).
    /// `onStatusChange` is called on a worker thread after every status change; it is in place
    /// before the workers start, so it sees the very first change. `onPreview` is called on the
    /// capture thread after each new preview picture, so a view can show it as it is captured
    /// rather than at its next poll. `captureHold`, when given, makes the capture stand still on
    /// request, as a stalled host would (tests inject it). A call participant's stream gives
    /// `sending` (W10): a muted microphone sends silence, a camera turned off a plain picture,
    /// and the state travels in the stream's metadata.
    public init(source: String, microphone: String? = nil, url: String, options: PublishOptions = PublishOptions(),
                sending: CallSending? = nil, captureHold: CaptureHold? = nil,
                onStatusChange: (@Sendable (BroadcastReport.Phase) -> Void)? = nil,
                onPreview: (@Sendable () -> Void)? = nil) {
        FFmpegRuntime.ensureInitialized()
        core = PublishCore(options: options, captureHold: captureHold, onStatusChange: onStatusChange)
        core.sending = sending
        let core = self.core
        let sender = PublishSender(core: core, url: url)
        core.threadStarted()
        core.threadStarted()
        NamedThread.start("floatapp.publish.capture") {
            Self.capture(source: source, withItsSound: microphone == nil, core: core, onPreview: onPreview)
        }
        NamedThread.start("floatapp.publish.send") { sender.run() }
        if let microphone {
            core.threadStarted()
            NamedThread.start("floatapp.publish.microphone") { Self.capture(microphone: microphone, core: core) }
        }
    }

    deinit { core.close() }

    /// Mutes or unmutes the microphone, turns the camera off or on (a call participant's stream).
    public func setSending(_ sending: CallSending) {
        core.sending = sending
    }

    /// The picture capture: opens `source`, gives the sender the format, and reads until closed.
    private static func capture(source: String, withItsSound: Bool, core: PublishCore, onPreview: (@Sendable () -> Void)?) {
        defer { core.threadEnded() }
        let capture: Capture
        do {
            capture = try Capture(source: source, media: withItsSound ? .picturesAndSound : .pictures,
                                  options: core.options, interrupt: core.captureInterrupt)
        } catch {
            core.setFormat(nil)
            return fail(error, core: core)
        }
        guard let pictures = capture.pictures else { return core.setFormat(nil) }
        core.setFormat(CaptureFormat(width: pictures.width, height: pictures.height, frameRate: pictures.frameRate,
                                     hasAudio: withItsSound ? capture.hasSound : true))
        let error = capture.run(shouldStop: { core.isClosed }, beforeRead: core.holdCaptureIfAsked, preview: { picture in
            core.setPreview(picture)
            onPreview?()
        }, deliver: core.enqueue)
        if let error { fail(error, core: core) }
    }

    /// The microphone's capture, beside the picture's: its sound goes to the sender on the same
    /// clock (each capture maps its source's time onto the monotonic clock).
    private static func capture(microphone: String, core: PublishCore) {
        defer { core.threadEnded() }
        do {
            let capture = try Capture(source: microphone, media: .sound, options: core.options, interrupt: core.microphoneInterrupt)
            if let error = capture.run(shouldStop: { core.isClosed }, preview: { _ in }, deliver: core.enqueue) {
                fail(error, core: core)
            }
        } catch {
            fail(error, core: core)
        }
    }

    /// A capture that cannot open, ends or fails ends the broadcast, saying why.
    private static func fail(_ error: PlaybackError, core: PublishCore) {
        guard !core.isClosed else { return }
        core.setStatus(.failed(.capture(error)))
        core.close()
    }

    /// What the broadcast is doing now.
    public var status: BroadcastReport.Phase { core.currentStatus }

    /// The figures for the host's view: status, time live, bitrate, dropped frames.
    public var stats: BroadcastReport { core.stats }

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
