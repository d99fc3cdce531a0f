import CFFmpeg

/// Converts decoded pictures to YUV420P at an output size, with a cached swscale context.
///
/// A YUV420P picture shrunk to half its height or less first has its rows averaged in groups
/// (up to 8), and swscale finishes from the shorter picture: 1080p to a 320x180 float is each
/// 6 rows averaged into one, then area averaging across from 1920x180. swscale's area
/// averaging otherwise filters every one of the 1080 source rows horizontally before
/// combining them, its largest cost; the result agrees with it within a grey level.
final class Scaler {
    private struct Key: Equatable {
        var sourceWidth: Int32, sourceHeight: Int32, sourceFormat: Int32
        var width: Int32, height: Int32
    }

    private var context: OpaquePointer?
    private var key: Key?
    /// The rows-averaged intermediate picture of the current key, if it has one.
    private var averaged: RowAveragedPicture?
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
        if wanted != key { rebuild(for: wanted) }
        guard let context, let input = input(frame) else { return nil }
        let layout = VideoFrame.Layout(width: width, height: height)
        var failed = false
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            let base = buffer.baseAddress!
            var planes: [UnsafeMutablePointer<UInt8>?] = [
                base + layout.offsets.y, base + layout.offsets.u, base + layout.offsets.v, nil,
            ]
            var pitches: [Int32] = [Int32(layout.pitches.y), Int32(layout.pitches.u), Int32(layout.pitches.v), 0]
            let written = sws_scale(context, input.planes, input.pitches, 0, input.height, &planes, &pitches)
            failed = written <= 0
            count = layout.byteCount
        }
        if failed { return nil }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial, isStill: isStill)
    }

    /// A new swscale context (and row averaging) for `wanted`.
    private func rebuild(for wanted: Key) {
        sws_freeContext(context)
        let factor = RowAveragedPicture.factor(format: wanted.sourceFormat, height: Int(wanted.sourceHeight),
                                               targetHeight: Int(wanted.height))
        averaged = factor == 1 ? nil
            : RowAveragedPicture(sourceWidth: Int(wanted.sourceWidth), sourceHeight: Int(wanted.sourceHeight), factor: factor)
        var from = wanted
        if let averaged { from.sourceHeight = Int32(averaged.height) }
        context = sws_getContext(from.sourceWidth, from.sourceHeight, AVPixelFormat(from.sourceFormat),
                                 from.width, from.height, AV_PIX_FMT_YUV420P, Self.filter(for: wanted), nil, nil, nil)
        key = context == nil ? nil : wanted
        buildCount += 1
    }

    /// What swscale reads for `frame`: its planes, or their rows averaged; nil when the frame
    /// lacks a plane the averaging needs.
    private func input(_ frame: Frame) -> (planes: [UnsafePointer<UInt8>?], pitches: [Int32], height: Int32)? {
        let f = frame.pointer.pointee
        let framePlanes = [f.data.0, f.data.1, f.data.2, f.data.3].map { $0.map { UnsafePointer($0) } }
        let framePitches = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
        guard let averaged else { return (framePlanes, framePitches, f.height) }
        guard let y = framePlanes[0], let u = framePlanes[1], let v = framePlanes[2] else { return nil }
        averaged.fill(from: [y, u, v], pitches: framePitches.prefix(3).map { Int($0) })
        return (averaged.planes.map { UnsafePointer($0) } + [nil], averaged.pitches.map { Int32($0) } + [0],
                Int32(averaged.height))
    }
}
