import CFFmpeg

/// Owns an opened decoder (AVCodecContext) for one stream.
final class Decoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    /// The time base of the stream the packets come from, and of the frames' timestamps.
    let timeBase: AVRational

    /// Opens a decoder for `stream` with `threads` decoding threads (0: FFmpeg's choice).
    init(stream: UnsafeMutablePointer<AVStream>, threads: Int) throws(FFmpegError) {
        let parameters = stream.pointee.codecpar!
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw FFmpegError(operation: "find decoder", code: floatapp_AVERROR(ENOSYS))
        }
        guard let allocated = avcodec_alloc_context3(codec) else {
            throw FFmpegError(operation: "avcodec_alloc_context3", code: floatapp_AVERROR(ENOMEM))
        }
        context = allocated
        timeBase = stream.pointee.time_base
        try FFmpegError.check(avcodec_parameters_to_context(allocated, parameters), "decoder parameters")
        allocated.pointee.pkt_timebase = stream.pointee.time_base
        allocated.pointee.thread_count = Int32(threads)
        try FFmpegError.check(avcodec_open2(allocated, codec, nil), "open decoder")
    }

    deinit { avcodec_free_context(&context) }

    private var pointer: UnsafeMutablePointer<AVCodecContext> { context! }

    /// Feeds a packet (nil: end of stream, start draining).
    func send(_ packet: Packet?) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_send_packet(pointer, packet?.pointer), "decode")
    }

    /// Takes the next decoded frame into `frame`.
    func receive(into frame: Frame) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_receive_frame(pointer, frame.pointer), "decode")
    }

    /// Sets how much in-loop filtering the decoder may skip (cheaper decoding at small output sizes).
    func setLoopFilter(_ mode: LoopFilterMode) {
        pointer.pointee.skip_loop_filter = mode == .skipped ? AVDISCARD_ALL : AVDISCARD_DEFAULT
    }

    /// The nominal frame rate of the stream, if known.
    static func frameRate(of stream: UnsafeMutablePointer<AVStream>) -> Double? {
        let rate = stream.pointee.avg_frame_rate
        guard rate.num > 0, rate.den > 0 else { return nil }
        return av_q2d(rate)
    }
}

/// Whether the decoder runs its in-loop deblocking filter.
enum LoopFilterMode: Equatable {
    /// Full-quality decoding.
    case normal
    /// The loop filter is skipped: cheaper, with blocking artifacts that vanish when downscaled.
    case skipped
}
