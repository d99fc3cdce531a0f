import CFFmpeg

/// Owns one AVFrame.
package final class Frame {
    package let pointer: UnsafeMutablePointer<AVFrame>

    package init() {
        guard let frame = av_frame_alloc() else { fatalError("av_frame_alloc: out of memory") }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    package var width: Int { Int(pointer.pointee.width) }
    package var height: Int { Int(pointer.pointee.height) }
    package var format: Int32 { pointer.pointee.format }
    package var sampleCount: Int { Int(pointer.pointee.nb_samples) }
    package var sampleRate: Int { Int(pointer.pointee.sample_rate) }

    /// True for a key frame: a picture that needed no other to be decoded.
    package var isKey: Bool { pointer.pointee.key_frame != 0 }

    /// The loop filter mode the decoder was in when it was given this picture's packet.
    package var loopFilter: LoopFilterMode { LoopFilterMode(rawValue: pointer.pointee.reordered_opaque) ?? .normal }

    /// The presentation time in seconds in `timeBase`, or nil when the frame has none.
    package func seconds(in timeBase: AVRational) -> Double? {
        let ts = pointer.pointee.best_effort_timestamp
        guard ts != floatapp_AV_NOPTS_VALUE() else { return nil }
        return Double(ts) * av_q2d(timeBase)
    }

    /// The frame duration in seconds in `timeBase`, or nil when unknown.
    package func durationSeconds(in timeBase: AVRational) -> Double? {
        let duration = pointer.pointee.pkt_duration
        guard duration > 0 else { return nil }
        return Double(duration) * av_q2d(timeBase)
    }

    /// The display aspect ratio correction (sample aspect ratio), 1 when unknown.
    package var sampleAspect: Double {
        let sar = pointer.pointee.sample_aspect_ratio
        guard sar.num > 0, sar.den > 0 else { return 1 }
        return av_q2d(sar)
    }

    /// Drops the frame data so the frame can be reused.
    package func unref() { av_frame_unref(pointer) }
}
