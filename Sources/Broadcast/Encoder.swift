import CFFmpeg
import FFmpeg

/// Owns an opened encoder (AVCodecContext): H.264 through libx264, or AAC.
final class Encoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?

    /// An H.264 encoder tuned for live broadcast: ultrafast, zero latency, a key frame every
    /// `keyFrameInterval` seconds, constant bitrate with a one-second buffer. A picture marked
    /// `AV_PICTURE_TYPE_I` becomes an IDR frame, a point where a joining viewer can start.
    static func video(width: Int, height: Int, frameRate: Int, bitrate: Int, keyFrameInterval: Double) throws(FFmpegError) -> Encoder {
        guard let codec = avcodec_find_encoder_by_name("libx264") else {
            throw FFmpegError(operation: "find encoder libx264", code: floatapp_AVERROR(ENOSYS))
        }
        return try Encoder(codec: codec) { context in
            context.pointee.width = Int32(width)
            context.pointee.height = Int32(height)
            context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            context.pointee.time_base = AVRational(num: 1, den: Int32(frameRate))
            context.pointee.framerate = AVRational(num: Int32(frameRate), den: 1)
            context.pointee.gop_size = Int32(max(1, Double(frameRate) * keyFrameInterval))
            context.pointee.max_b_frames = 0
            context.pointee.bit_rate = Int64(bitrate)
            context.pointee.rc_max_rate = Int64(bitrate)
            context.pointee.rc_buffer_size = Int32(bitrate)
            context.pointee.thread_count = 0
            av_opt_set(context.pointee.priv_data, "preset", "ultrafast", 0)
            av_opt_set(context.pointee.priv_data, "tune", "zerolatency", 0)
            av_opt_set(context.pointee.priv_data, "forced-idr", "1", 0)
        }
    }

    /// An AAC encoder for stereo planar float at `sampleRate`.
    static func audio(sampleRate: Int, bitrate: Int) throws(FFmpegError) -> Encoder {
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_AAC) else {
            throw FFmpegError(operation: "find encoder aac", code: floatapp_AVERROR(ENOSYS))
        }
        return try Encoder(codec: codec) { context in
            context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
            context.pointee.sample_rate = Int32(sampleRate)
            context.pointee.ch_layout = floatapp_channel_layout_stereo()
            context.pointee.bit_rate = Int64(bitrate)
            context.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        }
    }

    private init(codec: UnsafePointer<AVCodec>, configure: (UnsafeMutablePointer<AVCodecContext>) -> Void) throws(FFmpegError) {
        guard let allocated = avcodec_alloc_context3(codec) else {
            throw FFmpegError(operation: "avcodec_alloc_context3", code: floatapp_AVERROR(ENOMEM))
        }
        context = allocated
        configure(allocated)
        // FLV keeps the codec headers once, in the stream header.
        allocated.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        try FFmpegError.check(avcodec_open2(allocated, codec, nil), "open encoder")
    }

    deinit { avcodec_free_context(&context) }

    var pointer: UnsafeMutablePointer<AVCodecContext> { context! }

    /// Samples per AAC frame (0 for video).
    var frameSize: Int { Int(pointer.pointee.frame_size) }

    /// The encoder's time base.
    var timeBase: AVRational { pointer.pointee.time_base }

    /// Feeds a frame (nil: drain).
    func send(_ frame: Frame?) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_send_frame(pointer, frame?.pointer), "encode")
    }

    /// Takes the next encoded packet.
    func receive(into packet: Packet) throws(FFmpegError) -> FFmpegStep {
        try FFmpegStep.from(avcodec_receive_packet(pointer, packet.pointer), "encode")
    }
}
