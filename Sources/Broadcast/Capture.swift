import CFFmpeg
import EngineTerms
import FFmpeg
import Glibc
import LocksAndThreads
import Rooms

/// The picture and sound format a capture hands to the encoders.
struct CaptureFormat: Equatable {
    /// The audio sent: stereo at this rate.
    static let audioRate = 48_000
    let width: Int
    let height: Int
    let frameRate: Int
    let hasAudio: Bool
}

/// What the capture thread hands to the sending thread.
enum CapturedItem {
    /// A YUV420P picture at the send size, captured at `time` (monotonic seconds).
    case picture(Frame, time: Double)
    /// Interleaved stereo Float32 samples at ``CaptureFormat/audioRate``, the first captured at
    /// `time` (monotonic seconds, on the pictures' clock).
    case sound([Float], time: Double)
}

/// Reads a capture source (`lavfi:`, `v4l2:`, `x11grab:`, a microphone from `pulse:` or `alsa:`,
/// ...) in real time on its own thread, decodes it, keeps the newest preview picture and hands
/// pictures and sound to the sender.
///
/// Pictures and sound carry their capture time on one clock: the source's own timestamps (one
/// input, so one clock for both), mapped onto the monotonic clock at the first packet. A burst
/// read late, after the host stalled (a device's queued buffers, a paced source catching up), so
/// keeps the times its pictures and sound were captured at, not the time it was read. Whatever is
/// read more than ``lateLimit`` after its capture time is not handed over: the broadcast stays on
/// the present and a stall leaves a gap in both streams, rather than delaying every viewer by it.
final class Capture {
    private let input: InputContext
    private let video: (stream: InputStream, decoder: Decoder)?
    private let audio: (stream: InputStream, decoder: Decoder, resampler: Resampler)?
    /// The size and rate pictures are sent at; nil for a capture of sound only.
    let pictures: (width: Int, height: Int, frameRate: Int)?
    /// True when the capture hands sound over.
    var hasSound: Bool { audio != nil }
    private let sendScaler = FrameScaler()
    private let previewScaler = FrameScaler()
    private let previewBox: (width: Int, height: Int)
    /// Pacing and the capture clock: the wall time and the stream time of the first packet
    /// (sources like lavfi are not real time).
    private var pacingStart: (wall: Double, stream: Double)?
    /// When the packets read began to come later than ``lateLimit`` (nil: they are on time).
    private var lateSince: Double?
    /// True for the desktop's sound input, timed by when its sound arrives rather than by its
    /// packets' timestamps: FFmpeg's pulse and alsa devices stamp packets through a time filter
    /// that takes over a second to settle (measured with PulseAudio 16: 20 ms chunks stamped 30
    /// to 98 ms apart at first), and pacing by those stamps held the reads back until the
    /// sound came too late to send. A sound device delivers in real time by itself.
    private let timedByArrival: Bool

    /// Seconds after its capture time past which a picture or sound is dropped, not sent.
    static let lateLimit = 0.1
    /// Seconds packets may go on coming late before the capture clock is set to the present again
    /// (the source's clock stepped back, or a catch-up takes too long).
    static let resyncAfter = 0.5

    /// Which of a source's streams a capture reads.
    enum Media {
        /// The picture, and the sound when the source has one (a host room's source).
        case picturesAndSound
        /// The picture only: the sound comes from a microphone of its own.
        case pictures
        /// The sound only (a microphone: `pulse:`, `alsa:`, or a `lavfi:` graph with sound).
        case sound
    }

    /// Opens `source` and the decoders `media` asks for (blocking, bounded by the options' timeout).
    init(source: String, media: Media = .picturesAndSound, options: PublishOptions, interrupt: InterruptFlag) throws(PlaybackError) {
        let spec: SourceSpec
        do throws(SourceSpecError) {
            spec = try SourceSpec.parse(source)
        } catch {
            throw .refusedSource(error)
        }
        do {
            input = try InputContext(url: spec.openName, formatName: spec.formatName, interrupt: interrupt,
                                     openTimeout: options.ioTimeout, ioTimeout: options.ioTimeout, deviceOptions: spec.deviceOptions)
        } catch {
            throw spec.openFailure(error)
        }
        let videoStream = media == .sound ? nil : input.bestStream(.video)
        let audioStream = media == .pictures ? nil : input.bestStream(.audio)
        if media == .sound ? audioStream == nil : videoStream == nil { throw .noPlayableStream }
        do {
            video = try videoStream.map { (stream) throws(FFmpegError) in (stream, try Decoder(stream: stream, threads: 1)) }
            audio = try audioStream.map { (stream) throws(FFmpegError) in
                (stream, try Decoder(stream: stream, threads: 1), Resampler(outputRate: CaptureFormat.audioRate, outputChannels: 2))
            }
        } catch {
            throw .openFailed(error.message)
        }
        pictures = videoStream.map { stream in
            let size = Self.fit(stream.pictureSize, in: options.maximumSize)
            let rate = Int((stream.frameRate ?? options.defaultFrameRate).rounded())
            return (size.width, size.height, min(max(rate, 1), 60))
        }
        previewBox = Self.fit(videoStream?.pictureSize ?? (0, 0), in: options.previewMaximumSize)
        timedByArrival = spec.isSoundDevice
    }

    /// The largest even size with `size`'s aspect that fits `box` (never larger than `size`).
    static func fit(_ size: (width: Int, height: Int), in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard size.width > 0, size.height > 0 else { return (box.width & ~1, box.height & ~1) }
        let scale = min(1, min(Double(box.width) / Double(size.width), Double(box.height) / Double(size.height)))
        return (max(2, Int(Double(size.width) * scale) & ~1), max(2, Int(Double(size.height) * scale) & ~1))
    }

    /// Reads until the source ends or fails or `shouldStop` says so (calling `beforeRead` before
    /// each read); calls `preview` with every
    /// preview picture and `deliver` with every item for the sender.
    func run(shouldStop: () -> Bool, beforeRead: () -> Void = {}, preview: (VideoFrame) -> Void, deliver: (CapturedItem) -> Void) -> PlaybackError? {
        let packet = Packet()
        let frame = Frame()
        while !shouldStop() {
            beforeRead()
            do {
                guard try input.read(into: packet) == .done else { return shouldStop() ? nil : .captureEnded }
                defer { packet.unref() }
                pace(packet)
                if let video, packet.streamIndex == video.stream.index {
                    try decodeVideo(packet, into: frame, video: video, preview: preview, deliver: deliver)
                } else if let audio, packet.streamIndex == audio.stream.index {
                    try decodeAudio(packet, into: frame, audio: audio, deliver: deliver)
                }
            } catch {
                if shouldStop() { return nil }
                if error.isInvalidData { continue }
                return .streamFailed(error.message)
            }
        }
        return nil
    }

    private func pace(_ packet: Packet) {
        guard !timedByArrival else { return }
        let timestamp = packet.pointer.pointee.dts != floatapp_AV_NOPTS_VALUE() ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
        let stream = [video?.stream, audio?.stream].lazy.compactMap { $0 }.first { $0.index == packet.streamIndex }
        guard timestamp != floatapp_AV_NOPTS_VALUE(), let stream else { return }
        let seconds = Double(timestamp) * av_q2d(stream.pointer.pointee.time_base)
        let now = MonotonicTime.seconds()
        guard let start = pacingStart else { pacingStart = (now, seconds); return }
        let due = start.wall + (seconds - start.stream)
        if due - now > 1 { pacingStart = (now, seconds); return } // a jump in the source's clock
        if now - due > Self.lateLimit {
            guard let since = lateSince else { lateSince = now; return }
            if now - since > Self.resyncAfter { // still late: the present becomes this packet's time
                pacingStart = (now, seconds)
                lateSince = nil
            }
            return
        }
        lateSince = nil
        if due > now { usleep(UInt32((due - now) * 1e6)) }
    }

    /// The capture time (monotonic seconds) of source time `seconds`; now when it has none.
    private func captureTime(_ seconds: Double?) -> Double {
        guard let seconds, let start = pacingStart else { return MonotonicTime.seconds() }
        return start.wall + (seconds - start.stream)
    }

    /// True when something captured at `time` is read too late to send.
    private static func isLate(_ time: Double) -> Bool { MonotonicTime.seconds() - time > lateLimit }

    private func decodeVideo(_ packet: Packet, into frame: Frame, video: (stream: InputStream, decoder: Decoder),
                             preview: (VideoFrame) -> Void, deliver: (CapturedItem) -> Void) throws(FFmpegError) {
        _ = try video.decoder.send(packet)
        while try video.decoder.receive(into: frame) == .done {
            defer { frame.unref() }
            if let picture = previewScaler.preview(frame, width: previewBox.width, height: previewBox.height,
                                                   time: MonotonicTime.seconds()) {
                preview(picture)
            }
            let time = captureTime(frame.seconds(in: video.stream.pointer.pointee.time_base))
            if !Self.isLate(time), let pictures,
               let picture = sendScaler.convert(frame, width: pictures.width, height: pictures.height) {
                deliver(.picture(picture, time: time))
            }
        }
    }

    private func decodeAudio(_ packet: Packet, into frame: Frame, audio: (stream: InputStream, decoder: Decoder, resampler: Resampler),
                             deliver: (CapturedItem) -> Void) throws(FFmpegError) {
        _ = try audio.decoder.send(packet)
        while try audio.decoder.receive(into: frame) == .done {
            defer { frame.unref() }
            let framePts = frame.seconds(in: audio.stream.pointer.pointee.time_base)
            try audio.resampler.convert(frame, framePts: framePts) { samples, count, start in
                // Sound that arrives now was captured a chunk ago.
                let time = timedByArrival ? MonotonicTime.seconds() - Double(count) / Double(CaptureFormat.audioRate) : captureTime(start)
                if count > 0, !Self.isLate(time) { deliver(.sound(Array(samples), time: time)) }
            }
        }
    }
}
