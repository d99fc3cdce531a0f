import CFFmpeg

/// Converts decoded audio to interleaved Float32 at the output rate and channel count (swresample).
package final class Resampler {
    private struct Key: Equatable {
        var format: Int32, rate: Int32, channels: Int32, layoutOrder: UInt32, layoutMask: UInt64
    }

    private var context: OpaquePointer?
    private var key: Key?
    package let outputRate: Int
    package let outputChannels: Int
    /// Reused output storage, grown as needed.
    private var scratch: [Float] = []

    package init(outputRate: Int, outputChannels: Int) {
        self.outputRate = outputRate
        self.outputChannels = outputChannels
    }

    deinit { swr_free(&context) }

    /// Converts `frame`; calls `body` with the interleaved samples, their frame count and the time
    /// (in seconds, from `framePts`) of the first one.
    package func convert(_ frame: Frame, framePts: Double?,
                 _ body: (UnsafeBufferPointer<Float>, Int, Double?) -> Void) throws(FFmpegError) {
        let source = frame.pointer
        let wanted = Key(format: source.pointee.format, rate: source.pointee.sample_rate,
                         channels: source.pointee.ch_layout.nb_channels,
                         layoutOrder: source.pointee.ch_layout.order.rawValue,
                         layoutMask: source.pointee.ch_layout.u.mask)
        if wanted != key { try rebuild(for: frame, key: wanted) }
        guard let context else { return }
        let delay = swr_get_delay(context, Int64(outputRate))
        let capacity = Int(delay) + frame.sampleCount * outputRate / max(frame.sampleRate, 1) + 256
        if scratch.count < capacity * outputChannels {
            scratch = [Float](repeating: 0, count: capacity * outputChannels)
        }
        let produced = try scratch.withUnsafeMutableBufferPointer { (out) throws(FFmpegError) -> Int32 in
            var outPlanes: [UnsafeMutablePointer<UInt8>?] = [UnsafeMutableRawPointer(out.baseAddress!)
                .assumingMemoryBound(to: UInt8.self)]
            let count = withUnsafePointer(to: &source.pointee.data) { dataTuple in
                dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                    let inPlanes = source.pointee.extended_data.map {
                        UnsafeMutableRawPointer($0).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                    } ?? UnsafeMutablePointer(mutating: data)
                    return swr_convert(context, &outPlanes, Int32(capacity), inPlanes, Int32(frame.sampleCount))
                }
            }
            return try FFmpegError.check(count, "resample")
        }
        let start = framePts.map { $0 - Double(delay) / Double(outputRate) }
        scratch.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[0..<(Int(produced) * outputChannels)]), Int(produced), start)
        }
    }

    private func rebuild(for frame: Frame, key wanted: Key) throws(FFmpegError) {
        swr_free(&context)
        key = nil
        var outLayout = AVChannelLayout()
        av_channel_layout_default(&outLayout, Int32(outputChannels))
        defer { av_channel_layout_uninit(&outLayout) }
        var inLayout = AVChannelLayout()
        if av_channel_layout_check(&frame.pointer.pointee.ch_layout) != 0 {
            av_channel_layout_copy(&inLayout, &frame.pointer.pointee.ch_layout)
        } else {
            av_channel_layout_default(&inLayout, max(1, frame.pointer.pointee.ch_layout.nb_channels))
        }
        defer { av_channel_layout_uninit(&inLayout) }
        var created: OpaquePointer?
        try FFmpegError.check(
            swr_alloc_set_opts2(&created, &outLayout, AV_SAMPLE_FMT_FLT, Int32(outputRate),
                                &inLayout, AVSampleFormat(frame.format), Int32(frame.sampleRate), 0, nil),
            "resampler options")
        context = created
        try FFmpegError.check(swr_init(created), "resampler init")
        key = wanted
    }
}
