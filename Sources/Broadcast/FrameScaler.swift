import CFFmpeg
import FFmpeg
import PictureAndSoundMath

/// Converts decoded pictures into new YUV420P AVFrames at the encoder's size, or into the
/// preview's layout; swscale work goes through Playback's one `Scaler`.
final class FrameScaler {
    private let scaler = Scaler(filter: .fastBilinearToHalf)
    private var previewSerial = 0

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
        let output = Frame()
        output.pointer.pointee.width = Int32(width)
        output.pointer.pointee.height = Int32(height)
        output.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        guard av_frame_get_buffer(output.pointer, 0) >= 0 else { return nil }
        let target = output.pointer
        let scaled = withUnsafeMutablePointer(to: &target.pointee.data) { targetData in
            targetData.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                withUnsafeMutablePointer(to: &target.pointee.linesize) { targetSizes in
                    targetSizes.withMemoryRebound(to: Int32.self, capacity: 8) { pitches in
                        scaler.scale(frame, width: width, height: height, planes: planes, pitches: pitches)
                    }
                }
            }
        }
        return scaled ? output : nil
    }

    /// A preview picture of `frame` fitted to `width`x`height`, in the layout views draw.
    ///
    /// A YUV420P picture at exactly twice the size (the 720p broadcast's 360p preview) is
    /// halved by averaging each 2x2 block straight into the preview's planes: no intermediate
    /// frame, and about a fifth of swscale's time. Any other picture goes through ``convert``.
    func preview(_ frame: Frame, width: Int, height: Int, time: Double) -> VideoFrame? {
        let layout = VideoFrame.Layout(width: width, height: height)
        let source: Frame
        let halving = Self.halves(frame, width: width, height: height)
        if halving {
            source = frame
        } else {
            guard let scaled = convert(frame, width: width, height: height) else { return nil }
            source = scaled
        }
        guard let planes = Self.sourcePlanes(source, layout) else { return nil }
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            let base = buffer.baseAddress!
            for (data, sourcePitch, plane) in planes {
                let target = base + plane.offset
                if halving {
                    HalfShrink.halve(data, pitch: sourcePitch, into: target, pitch: plane.pitch,
                                     width: plane.width, height: plane.height)
                } else {
                    for row in 0..<plane.height {
                        (target + row * plane.pitch).initialize(from: data + row * sourcePitch, count: plane.width)
                    }
                }
                // Each byte is written once on this per-picture path: samples above, padding here.
                guard plane.pitch > plane.width else { continue }
                for row in 0..<plane.height {
                    (target + row * plane.pitch + plane.width).initialize(repeating: 0, count: plane.pitch - plane.width)
                }
            }
            count = layout.byteCount
        }
        previewSerial += 1
        return VideoFrame(layout: layout, storage: storage, pts: time, serial: previewSerial)
    }

    /// One plane of a preview: where it starts, its pitch and its size in samples.
    private typealias Plane = (offset: Int, pitch: Int, width: Int, height: Int)

    /// Whether `frame` is a YUV420P picture of exactly twice `width`x`height` (both even).
    static func halves(_ frame: Frame, width: Int, height: Int) -> Bool {
        HalfShrink.applies(frame, width: width, height: height)
    }

    /// The Y, U and V planes of `frame` (data and pitch) with the preview plane each fills; nil
    /// when `frame` lacks one.
    private static func sourcePlanes(_ frame: Frame, _ layout: VideoFrame.Layout)
        -> [(UnsafeMutablePointer<UInt8>, Int, Plane)]? {
        let f = frame.pointer.pointee, w = layout.width, h = layout.height
        guard let y = f.data.0, let u = f.data.1, let v = f.data.2 else { return nil }
        return [(y, Int(f.linesize.0), (layout.offsets.y, layout.pitches.y, w, h)),
                (u, Int(f.linesize.1), (layout.offsets.u, layout.pitches.u, w / 2, h / 2)),
                (v, Int(f.linesize.2), (layout.offsets.v, layout.pitches.v, w / 2, h / 2))]
    }
}
