import CFFmpeg
import EngineTerms
import FFmpeg
import LocksAndThreads

/// The sending thread: connects to the server, encodes what the capture hands over, and
/// reconnects with D4's backoff when the server refuses or drops the stream.
final class PublishSender: Sendable {
    private let core: PublishCore
    private let url: String

    init(core: PublishCore, url: String) {
        self.core = core
        self.url = url
    }

    func run() {
        defer { core.threadEnded() }
        guard let format = core.waitForFormat() else { return }
        var attempt = 0
        var connected: FLVOutput?
        while !core.isClosed {
            let failure: FFmpegError
            do throws(FFmpegError) {
                let output: FLVOutput
                if let ready = connected { output = ready } else { output = try connect(format) }
                connected = nil
                attempt = 0
                let liveStart = core.wentLive()
                let error = send(to: output, format: format, liveStart: liveStart)
                core.stopAccepting()
                guard let error else {
                    output.finish()
                    return
                }
                failure = error
            } catch {
                if core.isClosed { return }
                failure = error
            }
            attempt += 1
            if attempt >= core.options.maximumAttempts {
                core.setStatus(.failed(.server(url: url, reason: failure.message)))
                return
            }
            let delay = ReconnectBackoff.delay(attempt: attempt)
            core.setStatus(.reconnecting(attempt: attempt, nextTryIn: delay))
            switch waitBeforeRetry(delay, nobodyListened: failure.isConnectionRefused, format: format) {
            case .closed: return
            case .due: break
            case .connected(let output): connected = output
            }
        }
    }

    private func connect(_ format: CaptureFormat) throws(FFmpegError) -> FLVOutput {
        try FLVOutput(url: url, format: format, options: core.options, interrupt: core.outputInterrupt, sending: core.sending)
    }

    /// How a wait before the next try ended.
    private enum WaitEnd {
        case closed
        /// The backoff is over: try again.
        case due
        /// A server that was not listening came back and took the stream.
        case connected(FLVOutput)
    }

    /// Sleeps D4's backoff before the next try.
    ///
    /// When nobody listened at the server's address (it died, or is restarting), the publisher
    /// connects again every ``serverWatchInterval`` during the wait: such a try is refused at
    /// once and costs no encoder (FLVOutput connects first), and the broadcast is back as soon
    /// as the server is, which is when its viewers come back, not up to 8 s later. A server that
    /// listened and refused or dropped the stream waits its whole backoff.
    private func waitBeforeRetry(_ delay: Double, nobodyListened: Bool, format: CaptureFormat) -> WaitEnd {
        let deadline = MonotonicTime.seconds() + delay
        guard nobodyListened else { return core.sleep(until: deadline) ? .closed : .due }
        while MonotonicTime.seconds() + Self.serverWatchInterval < deadline {
            if core.sleep(until: MonotonicTime.seconds() + Self.serverWatchInterval) { return .closed }
            do {
                return .connected(try connect(format))
            } catch {
                if core.isClosed { return .closed }
                // Anything but nobody listening is left to the try at the end of the backoff.
                if !error.isConnectionRefused { break }
            }
        }
        return core.sleep(until: deadline) ? .closed : .due
    }

    /// Seconds between tries to reach a server where nobody listened, during a backoff.
    static let serverWatchInterval = 0.25

    /// Sends captured items until the publisher closes (nil) or the connection fails.
    private func send(to output: FLVOutput, format: CaptureFormat, liveStart: Double) -> FFmpegError? {
        var lastPicturePts: Int64 = -1
        var keyFrames = KeyFrameSchedule(frameRate: format.frameRate, options: core.options)
        var audio = AudioChunker(frameSize: output.audio?.frameSize ?? 1024, sampleRate: CaptureFormat.audioRate)
        var sent = core.sending
        while let item = core.nextItem() {
            do {
                if let now = core.sending, now != sent {
                    // The others learn of a mute or a camera turned off at once (W10).
                    try output.writeMetadata(now, milliseconds: Int64((MonotonicTime.seconds() - liveStart) * 1000))
                    sent = now
                }
                switch item {
                case .picture(let frame, let time):
                    let pts = max(lastPicturePts + 1, Int64(((time - liveStart) * Double(format.frameRate)).rounded()))
                    lastPicturePts = pts
                    if sent?.cameraOff == true { frame.blank() }
                    frame.pointer.pointee.pts = pts
                    frame.pointer.pointee.pict_type = keyFrames.forcesKeyFrame(at: pts) ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE
                    try output.write(frame, with: output.video)
                    core.recordSent(totalBytes: output.bytesSent, picture: true)
                case .sound(let samples, let time):
                    guard let encoder = output.audio else { continue }
                    audio.append(samples, at: time - liveStart)
                    while let frame = audio.nextFrame() {
                        try output.write(frame, with: encoder)
                    }
                    core.recordSent(totalBytes: output.bytesSent, picture: false)
                }
            } catch {
                return core.isClosed ? nil : error
            }
        }
        return nil
    }
}

/// Cuts interleaved stereo samples into the planar frames the AAC encoder takes.
///
/// Sound is timed by its sample count, which is smooth where capture times jitter, as long as the
/// count stays within ``tolerance`` of the capture clock the pictures are timed by. Beyond it
/// the count is set to that clock again: when sound was lost (the capture stalled and dropped
/// what it read late) the timestamps jump ahead and leave a gap; when more sound came than time
/// passed, the samples that overlap what was already sent are dropped. Timestamps only rise.
struct AudioChunker {
    let frameSize: Int
    let sampleRate: Int
    private var pending: [Float] = []
    /// The timestamp (in samples) of the first pending sample; nil before the first sound.
    private var pendingPts: Int64?

    /// Seconds the sample count may drift from the capture clock before it is set to it again.
    static let tolerance = 0.04

    init(frameSize: Int, sampleRate: Int) {
        self.frameSize = max(frameSize, 1)
        self.sampleRate = sampleRate
    }

    /// Adds samples whose first was captured `time` seconds after the connection went live.
    mutating func append(_ samples: [Float], at time: Double) {
        let captured = Int64((time * Double(sampleRate)).rounded())
        let expected = pendingPts.map { $0 + Int64(pending.count / 2) } ?? 0
        let drift = captured - expected
        if pendingPts != nil && drift > Int64(Self.tolerance * Double(sampleRate)) {
            // Sound was lost: start again at its capture time (the partial frame pending goes).
            pending = samples
            pendingPts = captured
        } else if drift < (pendingPts == nil ? 0 : -Int64(Self.tolerance * Double(sampleRate))) {
            // These samples start before what is already timed: drop the overlap.
            let overlap = Int(min(Int64(samples.count / 2), -drift))
            pending += samples[(overlap * 2)...]
            if pendingPts == nil { pendingPts = 0 }
        } else {
            if pendingPts == nil { pendingPts = captured }
            pending += samples
        }
    }

    /// The next full frame, or nil until enough samples came.
    mutating func nextFrame() -> Frame? {
        guard pending.count >= frameSize * 2 else { return nil }
        let frame = Frame()
        let pointer = frame.pointer
        pointer.pointee.nb_samples = Int32(frameSize)
        pointer.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        pointer.pointee.sample_rate = Int32(CaptureFormat.audioRate)
        pointer.pointee.ch_layout = floatapp_channel_layout_stereo()
        guard av_frame_get_buffer(pointer, 0) >= 0, let left = pointer.pointee.extended_data[0],
              let right = pointer.pointee.extended_data[1] else { return nil }
        let leftSamples = UnsafeMutableRawPointer(left).assumingMemoryBound(to: Float.self)
        let rightSamples = UnsafeMutableRawPointer(right).assumingMemoryBound(to: Float.self)
        for index in 0..<frameSize {
            leftSamples[index] = pending[2 * index]
            rightSamples[index] = pending[2 * index + 1]
        }
        pending.removeFirst(frameSize * 2)
        let pts = pendingPts ?? 0
        pointer.pointee.pts = pts
        pendingPts = pts + Int64(frameSize)
        return frame
    }
}

extension FFmpegError {
    /// True when nobody listened at the address (the connection was refused).
    var isConnectionRefused: Bool { code == floatapp_AVERROR(ECONNREFUSED) }
}
