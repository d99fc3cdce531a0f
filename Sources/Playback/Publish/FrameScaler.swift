import CFFmpeg

/// Converts decoded pictures into new YUV420P AVFrames (swscale): at the encoder's size, or for
/// the preview.
final class FrameScaler {
    private var context: OpaquePointer?
    private var key: [Int32] = []
    private var previewSerial = 0

    deinit { sws_freeContext(context) }

    /// A new `width`x`height` YUV420P frame holding `frame`'s picture, or nil if swscale refuses.
    /// A picture already in that format and size is shared, not copied.
    func convert(_ frame: Frame, width: Int, height: Int) -> Frame? {
        if frame.format == AV_PIX_FMT_YUV420P.rawValue && frame.width == width && frame.height == height {
            let shared = Frame()
            guard av_frame_ref(shared.pointer, frame.pointer) >= 0 else { return nil }
            // A raw source marks every picture as a key frame; the encoder must choose its own.
            shared.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE
            return shared
        }
        let wanted = [Int32(frame.width), Int32(frame.height), frame.format, Int32(width), Int32(height)]
        if wanted != key {
            sws_freeContext(context)
            context = sws_getContext(wanted[0], wanted[1], AVPixelFormat(wanted[2]), wanted[3], wanted[4],
                                     AV_PIX_FMT_YUV420P, Self.filter(from: frame, width: width, height: height), nil, nil, nil)
            key = context == nil ? [] : wanted
        }
        guard let context else { return nil }
        let output = Frame()
        output.pointer.pointee.width = Int32(width)
        output.pointer.pointee.height = Int32(height)
        output.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        guard av_frame_get_buffer(output.pointer, 0) >= 0 else { return nil }
        let source = frame.pointer
        let target = output.pointer
        let written = withUnsafePointer(to: &source.pointee.data) { sourceData in
            sourceData.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                withUnsafePointer(to: &source.pointee.linesize) { sourceSizes in
                    sourceSizes.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                        withUnsafeMutablePointer(to: &target.pointee.data) { targetData in
                            targetData.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                                withUnsafeMutablePointer(to: &target.pointee.linesize) { targetSizes in
                                    targetSizes.withMemoryRebound(to: Int32.self, capacity: 8) { pitches in
                                        sws_scale(context, data, sizes, 0, Int32(frame.height), planes, pitches)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return written > 0 ? output : nil
    }

    /// Fast bilinear down to half size: two taps then still cover every source pixel, and for the
    /// 720p to 360p preview it took a 720p30 broadcast from 1.13x to 1.08x the CPU of the ffmpeg
    /// command line (area averaging before; medians of 2 and 4 runs on a busy machine).
    /// Larger reductions would skip pixels and shimmer, so they, and enlargements, use bilinear.
    private static func filter(from frame: Frame, width: Int, height: Int) -> Int32 {
        let shrinksAtMostHalf = width < frame.width && height < frame.height
            && width * 2 >= frame.width && height * 2 >= frame.height
        return Int32(shrinksAtMostHalf ? SWS_FAST_BILINEAR : SWS_BILINEAR)
    }

    /// A preview picture of `frame` fitted to `width`x`height`, in the layout views draw.
    func preview(_ frame: Frame, width: Int, height: Int, time: Double) -> VideoFrame? {
        guard let scaled = convert(frame, width: width, height: height) else { return nil }
        let layout = VideoFrame.Layout(width: width, height: height)
        let source = scaled.pointer.pointee
        let planes = [(source.data.0, source.linesize.0, layout.offsets.y, layout.pitches.y, height),
                      (source.data.1, source.linesize.1, layout.offsets.u, layout.pitches.u, height / 2),
                      (source.data.2, source.linesize.2, layout.offsets.v, layout.pitches.v, height / 2)]
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            let base = buffer.baseAddress!
            base.initialize(repeating: 0, count: layout.byteCount)
            for (data, sourcePitch, offset, pitch, rows) in planes {
                guard let data else { continue }
                let rowBytes = min(Int(sourcePitch), pitch)
                for row in 0..<rows {
                    (base + offset + row * pitch).update(from: data + row * Int(sourcePitch), count: rowBytes)
                }
            }
            count = layout.byteCount
        }
        previewSerial += 1
        return VideoFrame(layout: layout, storage: storage, pts: time, serial: previewSerial)
    }
}
