import CFFmpeg

/// Owns an opened AVFormatContext (a demuxer on one source).
package final class InputContext {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    /// Kept alive because the context's interrupt callback points at it.
    private let interrupt: InterruptFlag

    /// The protocols FFmpeg may open for a source, nested opens included (HLS segments, RTSP's RTP).
    package static let protocolWhitelist = "file,http,https,tcp,tls,udp,rtp,rtsp,rtmp,hls,crypto,srt"

    /// The bytes a demuxer may read while it opens. MPEG-TS keeps that much of the stream to
    /// seek back to (5 MB at FFmpeg's default), filled as the stream arrives and given back only
    /// once full: 4 MB of a playing float's peak memory, for programs it finds in the first
    /// packets. The streams' parameters are then read with FFmpeg's default again.
    package static let openProbeSize: Int64 = 1 << 20

    /// The highest score of a format guessed from the data that is still refused: FFmpeg's
    /// `AVPROBE_SCORE_RETRY`, a quarter of a sure match, below which it reads more data if it can.
    package static let leastProbeScore: Int32 = 25

    /// Opens `url` (with the input format `formatName`, or probing when nil) and reads stream
    /// info; `onOpened` is called between the two.
    ///
    /// Blocking: bounded by `openTimeout` and cut short by `interrupt`.
    package init(url: String, formatName: String?, interrupt: InterruptFlag,
         openTimeout: Double, ioTimeout: Double, deviceOptions: [String: String],
         onOpened: () -> Void = {}) throws(FFmpegError) {
        FFmpegRuntime.ensureInitialized()
        self.interrupt = interrupt
        guard let allocated = avformat_alloc_context() else {
            throw FFmpegError(operation: "avformat_alloc_context", code: floatapp_AVERROR(ENOMEM))
        }
        allocated.pointee.interrupt_callback = interrupt.callback
        let infoProbeSize = allocated.pointee.probesize
        allocated.pointee.probesize = min(infoProbeSize, Self.openProbeSize)
        var format: UnsafePointer<AVInputFormat>?
        if let formatName {
            do { try FFmpegRuntime.ensureDevices() } catch {
                avformat_free_context(allocated)
                throw error
            }
            format = av_find_input_format(formatName)
            if format == nil {
                avformat_free_context(allocated)
                throw FFmpegError(operation: "input device '\(formatName)'", code: floatapp_AVERROR(ENOSYS))
            }
        }
        var options: OpaquePointer?
        av_dict_set(&options, "protocol_whitelist", Self.protocolWhitelist, 0)
        av_dict_set(&options, "rw_timeout", String(Int(ioTimeout * 1e6)), 0)
        for (key, value) in deviceOptions { av_dict_set(&options, key, value, 0) }
        defer { av_dict_free(&options) }

        interrupt.setDeadline(after: openTimeout)
        defer { interrupt.setDeadline(after: nil) }
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        // On failure avformat_open_input frees the context and sets it to nil.
        try FFmpegError.check(avformat_open_input(&opened, url, format, &options), "open")
        context = opened
        // FFmpeg reads on while a guess scores ``leastProbeScore`` or less and then takes it
        // anyway: a damaged MP4 whose first two bytes a flip made 04 00 opened as EA's CDATA
        // sound at 32 Hz, hours of noise "playing" with no picture. Such a guess is refused,
        // as mpv's `demuxer-lavf-probescore` refuses it.
        if format == nil, let opened, opened.pointee.probe_score <= Self.leastProbeScore {
            throw FFmpegError(operation: "open", code: floatapp_AVERROR_INVALIDDATA())
        }
        opened?.pointee.probesize = infoProbeSize
        onOpened()
        try Self.findStreamInfo(pointer)
    }

    /// Reads the streams' parameters. FFmpeg decodes a few pictures of each video stream to learn
    /// them (seven of an H.264 one, to guess its reordering delay) and throws the pictures away;
    /// the probing decoders skip the loop filter, which changes no parameter (size, pixel format,
    /// reordering) and is a large part of decoding a picture: 16 call participants opened at
    /// once spent 6% of a 15 s float's CPU here, most of it decoding.
    private static func findStreamInfo(_ context: UnsafeMutablePointer<AVFormatContext>) throws(FFmpegError) {
        let count = Int(context.pointee.nb_streams)
        var options = [OpaquePointer?](repeating: nil, count: count)
        for index in 0..<count where context.pointee.streams[index]?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            av_dict_set(&options[index], "skip_loop_filter", "all", 0)
        }
        defer { for index in options.indices { av_dict_free(&options[index]) } }
        let status = options.withUnsafeMutableBufferPointer { avformat_find_stream_info(context, $0.baseAddress) }
        try FFmpegError.check(status, "find stream info")
    }

    /// Closing a `lavfi:` graph with two outputs (video and audio) leaves about 3.7 KB behind
    /// inside libavfilter 5.1 (LeakSanitizer: one AVFrame and its buffers, allocated by
    /// `av_read_frame` in the lavfi device). The device peeks at every output to pick the
    /// earliest frame, and the buffer sink keeps the frame it peeked at; the graph is freed
    /// without freeing that frame. A one-output graph leaks nothing. The graph is private to the
    /// device, so no public call reaches the frame: closing the context is all a caller can do.
    deinit { avformat_close_input(&context) }

    private var pointer: UnsafeMutablePointer<AVFormatContext> {
        guard let context else { fatalError("InputContext used after close") }
        return context
    }

    /// The best stream of `kind`, or nil when the source has none.
    package func bestStream(_ kind: MediaKind) -> InputStream? {
        let type = kind == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO
        let index = av_find_best_stream(pointer, type, -1, -1, nil, 0)
        guard index >= 0, let stream = pointer.pointee.streams[Int(index)] else { return nil }
        return InputStream(index: Int(index), pointer: stream)
    }

    /// The input's length in seconds as the demuxer reports it (`AVFormatContext.duration`):
    /// a file's or a progressive download's length, an HLS playlist's once it is complete
    /// (`#EXT-X-ENDLIST`); nil when unknown, as for a live stream.
    package var durationSeconds: Double? {
        let duration = pointer.pointee.duration
        guard duration != floatapp_AV_NOPTS_VALUE(), duration > 0 else { return nil }
        return Double(duration) / Double(AV_TIME_BASE)
    }

    /// Where the input's timestamps start, in seconds (0 when the demuxer does not say).
    package var startSeconds: Double {
        let start = pointer.pointee.start_time
        return start == floatapp_AV_NOPTS_VALUE() ? 0 : Double(start) / Double(AV_TIME_BASE)
    }

    /// The value of the container's metadata entry `key` (an FLV stream's `onMetaData`, kept
    /// up to date by the demuxer as new ones arrive), if it has one.
    package func metadataValue(_ key: String) -> String? {
        guard let entry = av_dict_get(pointer.pointee.metadata, key, nil, 0), let value = entry.pointee.value else { return nil }
        return String(cString: value)
    }

    /// Reads the next packet into `packet`.
    package func read(into packet: Packet) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(av_read_frame(pointer, packet.pointer), "read")
    }
}

/// The kinds of stream a player plays.
package enum MediaKind {
    case video, audio
}

/// One stream of an open input; valid while its ``InputContext`` is alive.
package struct InputStream {
    /// The stream's index, as packets carry it.
    package let index: Int
    package let pointer: UnsafeMutablePointer<AVStream>

    /// The coded picture size (0 when unknown).
    package var pictureSize: (width: Int, height: Int) {
        let parameters = pointer.pointee.codecpar!
        return (Int(parameters.pointee.width), Int(parameters.pointee.height))
    }

    /// Seconds at which the stream's first packet is presented, as probing found it (nil when unknown).
    package var startSeconds: Double? {
        let start = pointer.pointee.start_time
        return start == floatapp_AV_NOPTS_VALUE() ? nil : Double(start) * av_q2d(pointer.pointee.time_base)
    }

    /// The codec's short name, e.g. `h264`.
    package var codecName: String {
        String(cString: avcodec_get_name(pointer.pointee.codecpar.pointee.codec_id))
    }

    /// The nominal frame rate, if the container knows it: the average rate, else the base rate
    /// (which devices and filter graphs set alone) when it is plausible for video.
    package var frameRate: Double? {
        let average = pointer.pointee.avg_frame_rate
        if average.num > 0 && average.den > 0 { return av_q2d(average) }
        let base = pointer.pointee.r_frame_rate
        guard base.num > 0, base.den > 0, av_q2d(base) <= 120 else { return nil }
        return av_q2d(base)
    }
}
