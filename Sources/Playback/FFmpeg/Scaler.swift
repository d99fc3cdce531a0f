import CFFmpeg

/// Converts decoded pictures to YUV420P at an output size, with a cached swscale context.
///
/// A YUV420P picture shrunk to a quarter of its height or less is handed to swscale as every
/// other row (twice the pitch, half the height), at no cost: swscale's area averaging filters
/// every row it is given horizontally, its largest cost, so this halves it. 1080p to a 320x180
/// float is then area averaging from 540 rows; on the playback benchmark's test pattern it
/// differs from area over all 1080 rows by 49.5 dB PSNR in luma (fast bilinear: 26 dB).
final class Scaler {
    private struct Key: Equatable {
        var sourceWidth: Int32, sourceHeight: Int32, sourceFormat: Int32
        var width: Int32, height: Int32

        /// Whether swscale gets every other row: YUV420P, at least 4:1 in height, and a height
        /// whose chroma rows pair up too.
        var skipsRows: Bool {
            (sourceFormat == AV_PIX_FMT_YUV420P.rawValue || sourceFormat == AV_PIX_FMT_YUVJ420P.rawValue)
                && sourceHeight % 4 == 0 && 4 * height <= sourceHeight
        }
    }

    private var context: OpaquePointer?
    private var key: Key?
    /// How many times a context was (re)built; for tests and diagnostics.
    private(set) var buildCount = 0

    deinit { sws_freeContext(context) }

    /// Area averaging when shrinking (measured cheaper than bilinear for 1080p to float sizes,
    /// and without aliasing), bilinear otherwise. Fast bilinear and point sampling cost about
    /// 0.2 s less per 600 frames from 1080p to 320x180, but take two taps or one where area
    /// takes six: fine detail turns into false patterns that shimmer as it moves.
    private static func filter(for key: Key) -> Int32 {
        key.width < key.sourceWidth && key.height < key.sourceHeight ? Int32(SWS_AREA) : Int32(SWS_BILINEAR)
    }

    /// Converts `frame` to a `width`x`height` YUV420P picture (both even), or nil if swscale
    /// refuses; `isStill` marks a picture that is not live (see ``VideoFrame/isStill``).
    func convert(_ frame: Frame, width: Int, height: Int, pts: Double, serial: Int, isStill: Bool = false) -> VideoFrame? {
        let wanted = Key(sourceWidth: Int32(frame.width), sourceHeight: Int32(frame.height),
                         sourceFormat: frame.format, width: Int32(width), height: Int32(height))
        if wanted != key {
            sws_freeContext(context)
            context = sws_getContext(wanted.sourceWidth, wanted.skipsRows ? wanted.sourceHeight / 2 : wanted.sourceHeight,
                                     AVPixelFormat(wanted.sourceFormat),
                                     wanted.width, wanted.height, AV_PIX_FMT_YUV420P,
                                     Self.filter(for: wanted), nil, nil, nil)
            key = context == nil ? nil : wanted
            buildCount += 1
        }
        guard let context else { return nil }
        let rowStep: Int32 = wanted.skipsRows ? 2 : 1
        let layout = VideoFrame.Layout(width: width, height: height)
        var failed = false
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            let base = buffer.baseAddress!
            var planes: [UnsafeMutablePointer<UInt8>?] = [
                base + layout.offsets.y, base + layout.offsets.u, base + layout.offsets.v, nil,
            ]
            var pitches: [Int32] = [Int32(layout.pitches.y), Int32(layout.pitches.u), Int32(layout.pitches.v), 0]
            let source = frame.pointer
            let written = withUnsafePointer(to: &source.pointee.data) { dataTuple in
                dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                    withUnsafePointer(to: &source.pointee.linesize) { sizeTuple in
                        sizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                            let steps = (0..<4).map { sizes[$0] * rowStep }
                            return sws_scale(context, data, steps, 0, Int32(frame.height) / rowStep, &planes, &pitches)
                        }
                    }
                }
            }
            failed = written <= 0
            count = layout.byteCount
        }
        if failed { return nil }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial, isStill: isStill)
    }
}
