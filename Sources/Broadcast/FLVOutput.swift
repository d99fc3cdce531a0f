import CFFmpeg
import FFmpeg
import LocksAndThreads
import Rooms

/// One RTMP connection: FFmpeg's FLV muxer writing to `rtmp://...` with fresh encoders, so every
/// connection starts with a key frame and timestamps from zero.
final class FLVOutput {
    /// Owned apart from this object, so a failure part-way through `init` (which skips `deinit`)
    /// still closes the connection and frees the context.
    private let owner: FormatContextOwner
    private var context: UnsafeMutablePointer<AVFormatContext>? { owner.context }
    private let interrupt: InterruptFlag
    private let ioTimeout: Double
    let video: Encoder
    let audio: Encoder?
    private let videoStream: UnsafeMutablePointer<AVStream>
    private let audioStream: UnsafeMutablePointer<AVStream>?
    private let packet = Packet()
    private var headerWritten = false
    /// Bytes of encoded media handed to the muxer.
    private(set) var bytesSent = 0

    /// Format contexts made and not yet freed, over all outputs (for tests).
    static let liveOutputs = Guarded(0)

    /// Connects to `url`, then creates the encoders and writes the stream header (blocking,
    /// bounded by `ioTimeout` and cut short by `interrupt`). The connection comes first, so a
    /// server that is not there costs no encoder: a publisher may try it often. With
    /// `failAddingStreams` adding a stream fails, as when memory runs out (tests inject it).
    init(url: String, format: CaptureFormat, options: PublishOptions, interrupt: InterruptFlag,
         sending: CallSending? = nil, failAddingStreams: Bool = false) throws(FFmpegError) {
        self.interrupt = interrupt
        ioTimeout = options.ioTimeout
        var connection: UnsafeMutablePointer<AVIOContext>?
        var ioOptions: OpaquePointer?
        av_dict_set(&ioOptions, "rw_timeout", String(Int(ioTimeout * 1e6)), 0)
        av_dict_set(&ioOptions, "protocol_whitelist", "rtmp,tcp", 0)
        defer { av_dict_free(&ioOptions) }
        interrupt.setDeadline(after: ioTimeout)
        defer { interrupt.setDeadline(after: nil) }
        var callback = interrupt.callback
        try FFmpegError.check(avio_open2(&connection, url, AVIO_FLAG_WRITE, &callback, &ioOptions), "connect")
        // Until the format context owns the connection, a failure closes it here.
        defer { avio_closep(&connection) }
        video = try .video(width: format.width, height: format.height, frameRate: format.frameRate,
                           bitrate: options.videoBitrate, keyFrameInterval: options.keyFrameInterval)
        audio = format.hasAudio ? try .audio(sampleRate: CaptureFormat.audioRate, bitrate: options.audioBitrate) : nil
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegError.check(avformat_alloc_output_context2(&allocated, nil, "flv", url), "flv output")
        guard let allocated else { throw FFmpegError(operation: "flv output", code: floatapp_AVERROR(ENOMEM)) }
        owner = FormatContextOwner(allocated)
        allocated.pointee.interrupt_callback = interrupt.callback
        allocated.pointee.pb = connection
        connection = nil
        Self.liveOutputs.withLock { $0 += 1 }
        videoStream = try Self.addStream(to: allocated, from: video, failing: failAddingStreams)
        audioStream = try audio.map { (encoder) throws(FFmpegError) in try Self.addStream(to: allocated, from: encoder, failing: failAddingStreams) }
        // FFmpeg's FLV muxer writes the context's metadata into the header's onMetaData.
        for entry in sending?.metadata ?? [] { av_dict_set(&allocated.pointee.metadata, entry.key, entry.value, 0) }
        try FFmpegError.check(avformat_write_header(allocated, nil), "stream header")
        headerWritten = true
    }

    private static func addStream(to context: UnsafeMutablePointer<AVFormatContext>, from encoder: Encoder,
                                  failing: Bool) throws(FFmpegError) -> UnsafeMutablePointer<AVStream> {
        if failing { throw FFmpegError(operation: "new stream", code: floatapp_AVERROR(ENOMEM)) }
        guard let stream = avformat_new_stream(context, nil) else {
            throw FFmpegError(operation: "new stream", code: floatapp_AVERROR(ENOMEM))
        }
        try FFmpegError.check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "stream parameters")
        stream.pointee.time_base = encoder.timeBase
        return stream
    }

    /// Encodes `frame` (nil: drain) with `encoder` and writes every packet it gives.
    func write(_ frame: Frame?, with encoder: Encoder) throws(FFmpegError) {
        guard let context else { return }
        let stream = encoder === video ? videoStream : audioStream!
        _ = try encoder.send(frame)
        while try encoder.receive(into: packet) == .done {
            packet.pointer.pointee.stream_index = stream.pointee.index
            av_packet_rescale_ts(packet.pointer, encoder.timeBase, stream.pointee.time_base)
            bytesSent += packet.size
            interrupt.setDeadline(after: ioTimeout)
            defer { interrupt.setDeadline(after: nil) }
            try FFmpegError.check(av_interleaved_write_frame(context, packet.pointer), "send")
        }
    }

    /// Sends an `onMetaData` script tag with `sending`'s entries at stream time `milliseconds`
    /// (W10): FFmpeg's RTMP output sends it as `@setDataFrame`, and the server hands it to every
    /// player. Written between whole tags of the muxer's, in the same byte stream.
    func writeMetadata(_ sending: CallSending, milliseconds: Int64) throws(FFmpegError) {
        guard let context, let io = context.pointee.pb else { return }
        let tag = FLVScriptTag.onMetaData(sending.metadata, milliseconds: milliseconds)
        interrupt.setDeadline(after: ioTimeout)
        defer { interrupt.setDeadline(after: nil) }
        tag.withUnsafeBufferPointer { avio_write(io, $0.baseAddress, Int32($0.count)) }
        avio_flush(io)
        if io.pointee.error < 0 { throw FFmpegError(operation: "send metadata", code: io.pointee.error) }
    }

    /// Drains the encoders and writes the trailer, so the server sees the stream end cleanly.
    func finish() {
        guard headerWritten, let context else { return }
        try? write(nil, with: video)
        if let audio { try? write(nil, with: audio) }
        interrupt.setDeadline(after: 1)
        av_write_trailer(context)
        interrupt.setDeadline(after: nil)
        headerWritten = false
    }
}

/// Owns an FLV output's format context and, once it has it, the connection.
private final class FormatContextOwner {
    let context: UnsafeMutablePointer<AVFormatContext>?

    init(_ context: UnsafeMutablePointer<AVFormatContext>) { self.context = context }

    deinit {
        guard let context else { return }
        avio_closep(&context.pointee.pb)
        avformat_free_context(context)
        FLVOutput.liveOutputs.withLock { $0 -= 1 }
    }
}
