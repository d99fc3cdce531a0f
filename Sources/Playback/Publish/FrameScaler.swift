import CFFmpeg

/// Converts decoded pictures into new YUV420P AVFrames at the encoder's size (swscale, bilinear).
final class FrameScaler {
    private var context: OpaquePointer?
    private var key: [Int32] = []

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
                                     AV_PIX_FMT_YUV420P, Int32(SWS_BILINEAR), nil, nil, nil)
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
}
