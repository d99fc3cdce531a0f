import CFFmpeg
import EngineTerms

/// Owns an opened decoder (AVCodecContext) for one stream.
package final class Decoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    /// The time base of the stream the packets come from, and of the frames' timestamps.
    package let timeBase: AVRational

    /// Opens a decoder for `stream` with `threads` decoding threads (0: FFmpeg's choice).
    package init(stream input: InputStream, threads: Int) throws(FFmpegError) {
        let stream = input.pointer
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
    package func send(_ packet: Packet?) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_send_packet(pointer, packet?.pointer), "decode")
    }

    /// Takes the next decoded frame into `frame`.
    package func receive(into frame: Frame) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_receive_frame(pointer, frame.pointer), "decode")
    }

    /// Decoding threads for a video stream: one up to the pixel rate of 1080p at 30 fps (measured
    /// about 5% cheaper than two frame threads there, with one frame less of delay and fewer
    /// buffered pictures), two frame threads above it so that larger or faster sources keep up.
    /// A source that is hidden or a thumbnail when it opens gets one thread whatever its rate: it
    /// is one of many (a call's participants), which already keep every core busy, and frame
    /// threads would only add their delay and their buffered pictures.
    package static func threadCount(forVideo stream: InputStream, demand: VideoDemand) -> Int {
        guard case .full = demand else { return 1 }
        let size = stream.pictureSize
        let pixelRate = Double(size.width * size.height) * (stream.frameRate ?? 30)
        return pixelRate > 1920 * 1088 * 30 ? 2 : 1
    }

    /// Decodes key frames only (the others are skipped unparsed beyond their headers) or every frame.
    package func setKeyFramesOnly(_ only: Bool) {
        pointer.pointee.skip_frame = only ? AVDISCARD_NONKEY : AVDISCARD_DEFAULT
    }

    /// Forgets every picture held for reordering or reference: after it, the decoder outputs
    /// nothing until its next key frame.
    package func flush() { avcodec_flush_buffers(pointer) }

    /// Sets how much in-loop filtering the decoder may skip from the next packet on (libavcodec
    /// reads it for every slice, so no reopen is needed). Each picture those packets give says
    /// which mode it was decoded in (``Frame/loopFilter``), however the decoder reorders them.
    package func setLoopFilter(_ mode: LoopFilterMode) {
        pointer.pointee.skip_loop_filter = mode == .skipped ? AVDISCARD_ALL : AVDISCARD_DEFAULT
        pointer.pointee.reordered_opaque = mode.rawValue
    }

    /// The picture size the stream's parameters announce, with the pixel aspect applied (nil
    /// when they give none): what the first picture will be, before it is decoded.
    package var announcedSize: (width: Int, height: Int)? {
        let width = Int(pointer.pointee.width), height = Int(pointer.pointee.height)
        guard width > 0, height > 0 else { return nil }
        let sar = pointer.pointee.sample_aspect_ratio
        let aspect = sar.num > 0 && sar.den > 0 ? av_q2d(sar) : 1
        return (max(2, Int((Double(width) * aspect).rounded())), height)
    }

    /// `ticks` of the stream time base in seconds.
    package func seconds(_ ticks: Int64) -> Double { Double(ticks) * av_q2d(timeBase) }
}

/// Whether the decoder runs its in-loop deblocking filter.
package enum LoopFilterMode: Int64, Equatable {
    /// Full-quality decoding.
    case normal
    /// The loop filter is skipped: cheaper, with blocking artifacts that vanish when downscaled.
    case skipped
}
