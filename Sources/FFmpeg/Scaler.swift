import CFFmpeg
import PictureAndSoundMath

/// The one swscale wrapper: converts decoded pictures to YUV420P at an output size, with a
/// context cached until the source or output changes. Playback writes into a `VideoFrame`'s
/// storage, a broadcast into a new AVFrame; both go through ``scale(_:width:height:planes:pitches:)``.
package final class Scaler {
    /// How a scaler picks swscale's filter from the source and output sizes.
    package enum FilterChoice: Sendable {
        /// Area averaging when shrinking on both axes (measured cheaper than bilinear for 1080p
        /// to float sizes, and without aliasing), bilinear otherwise. A YUV420P picture shrunk
        /// to a quarter of its height or less is handed to swscale as every other row (twice
        /// the pitch, half the height), and one shrunk to a sixth or less as the middle row of
        /// every three, at no cost: area averaging filters every row it is given horizontally, its largest
        /// cost, so this halves or thirds it, and still averages at least two given rows into
        /// each output row. On the playback benchmark's test pattern, 1080p to 320x180 from 360
        /// rows differs from area over all 1080 rows by 45.6 dB PSNR in luma on its worst frame
        /// (from 540 rows: 48.9 dB; a Mandelbrot zoom: 44.1 and 45.7 dB; fast bilinear: 26 dB);
        /// starting from the first row of each three instead costs 4 dB (a sixth of a pixel's shift). A picture shown
        /// at exactly half its size is averaged in 2x2 blocks, and one at exactly a quarter (1080p in
        /// the default 480x270 float) in 4x4 blocks of every other row, without swscale
        /// (``HalfShrink``, ``QuarterShrink``). Fast bilinear and point
        /// sampling cost about 0.2 s less per 600 frames from 1080p to 320x180, but take two taps
        /// or one where area takes six: fine detail turns into false patterns that shimmer as it
        /// moves. Used by playback.
        case areaWhenShrinking
        /// Fast bilinear down to at most half size: two taps then still cover every source pixel
        /// (an encoder at half the capture's size). Larger reductions would skip pixels and
        /// shimmer, so they, and enlargements, use bilinear. Used by a broadcast's encoder.
        case fastBilinearToHalf
    }

    private struct Key: Equatable {
        var sourceWidth: Int32, sourceHeight: Int32, sourceFormat: Int32
        var width: Int32, height: Int32

        /// Every how many rows area averaging takes one: 3 or 2 for YUV420P shrunk at least
        /// twice as much in height (6:1, 4:1), when the height divides so that the chroma rows
        /// keep step with the luma rows; else 1.
        var rowStep: Int32 {
            guard sourceFormat == AV_PIX_FMT_YUV420P.rawValue || sourceFormat == AV_PIX_FMT_YUVJ420P.rawValue else { return 1 }
            return [3, 2].first { step in sourceHeight % (2 * step) == 0 && 2 * step * height <= sourceHeight } ?? 1
        }
    }

    private let choice: FilterChoice
    private var context: OpaquePointer?
    private var key: Key?
    /// How many times a context was (re)built; for tests and diagnostics.
    package private(set) var buildCount = 0
    /// Pictures halved by ``HalfShrink`` rather than swscale; for tests and diagnostics.
    package private(set) var halvedCount = 0
    /// Pictures shrunk to a quarter by ``QuarterShrink`` rather than swscale; for tests and diagnostics.
    package private(set) var quarteredCount = 0

    package init(filter: FilterChoice) { choice = filter }

    deinit { sws_freeContext(context) }

    /// Shrinks `frame` by block means when area averaging is wanted and the output is a
    /// limited-range YUV420P picture exactly half (``HalfShrink``) or a quarter
    /// (``QuarterShrink``) its size; false (nothing written) otherwise.
    private func shrinkByBlocks(_ frame: Frame, width: Int, height: Int,
                                planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>, pitches: UnsafePointer<Int32>) -> Bool {
        let f = frame.pointer.pointee
        let half = HalfShrink.applies(frame, width: width, height: height)
        guard choice == .areaWhenShrinking, half || QuarterShrink.applies(frame, width: width, height: height),
              let y = f.data.0, let u = f.data.1, let v = f.data.2, f.linesize.0 > 0, f.linesize.1 > 0, f.linesize.2 > 0,
              let outY = planes[0], let outU = planes[1], let outV = planes[2] else { return false }
        let shrink = half ? HalfShrink.halve : QuarterShrink.shrink
        shrink(y, Int(f.linesize.0), outY, Int(pitches[0]), width, height)
        shrink(u, Int(f.linesize.1), outU, Int(pitches[1]), width / 2, height / 2)
        shrink(v, Int(f.linesize.2), outV, Int(pitches[2]), width / 2, height / 2)
        if half { halvedCount += 1 } else { quarteredCount += 1 }
        return true
    }

    /// Every how many rows of the source swscale gets one (see ``FilterChoice/areaWhenShrinking``).
    private func rowStep(for key: Key) -> Int32 {
        choice == .areaWhenShrinking ? key.rowStep : 1
    }

    private func filter(for key: Key) -> Int32 {
        let shrinks = key.width < key.sourceWidth && key.height < key.sourceHeight
        switch choice {
        case .areaWhenShrinking:
            return Int32(shrinks ? SWS_AREA : SWS_BILINEAR)
        case .fastBilinearToHalf:
            let atMostHalf = shrinks && key.width * 2 >= key.sourceWidth && key.height * 2 >= key.sourceHeight
            return Int32(atMostHalf ? SWS_FAST_BILINEAR : SWS_BILINEAR)
        }
    }

    /// Scales `frame` into the three YUV420P planes at `planes` with `pitches`, at
    /// `width`x`height`. False if swscale refuses the conversion or writes nothing.
    package func scale(_ frame: Frame, width: Int, height: Int,
                       planes: UnsafePointer<UnsafeMutablePointer<UInt8>?>, pitches: UnsafePointer<Int32>) -> Bool {
        if shrinkByBlocks(frame, width: width, height: height, planes: planes, pitches: pitches) { return true }
        let wanted = Key(sourceWidth: Int32(frame.width), sourceHeight: Int32(frame.height),
                         sourceFormat: frame.format, width: Int32(width), height: Int32(height))
        if wanted != key {
            sws_freeContext(context)
            context = sws_getContext(wanted.sourceWidth, wanted.sourceHeight / rowStep(for: wanted),
                                     AVPixelFormat(wanted.sourceFormat),
                                     wanted.width, wanted.height, AV_PIX_FMT_YUV420P,
                                     filter(for: wanted), nil, nil, nil)
            key = context == nil ? nil : wanted
            buildCount += 1
        }
        guard let context else { return false }
        let step = rowStep(for: wanted)
        let source = frame.pointer
        let written = withUnsafePointer(to: &source.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { data in
                withUnsafePointer(to: &source.pointee.linesize) { sizeTuple in
                    sizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                        let strides = (0..<4).map { sizes[$0] * step }
                        // Every third row starts at the second, the middle of each three.
                        let skip = step == 3 ? 1 : 0
                        let starts = (0..<4).map { i in data[i].map { $0 + skip * Int(sizes[i]) } }
                        return sws_scale(context, starts, strides, 0, Int32(frame.height) / step, planes, pitches)
                    }
                }
            }
        }
        return written > 0
    }

    /// Scales `frame` into the planes of a picture laid out as `layout` at `base`; false if
    /// swscale refuses the conversion.
    package func scale(_ frame: Frame, into base: UnsafeMutablePointer<UInt8>, layout: VideoFrame.Layout) -> Bool {
        let planes: [UnsafeMutablePointer<UInt8>?] = [
            base + layout.offsets.y, base + layout.offsets.u, base + layout.offsets.v, nil,
        ]
        let pitches: [Int32] = [Int32(layout.pitches.y), Int32(layout.pitches.u), Int32(layout.pitches.v), 0]
        return scale(frame, width: layout.width, height: layout.height, planes: planes, pitches: pitches)
    }

    /// Converts `frame` to a `width`x`height` YUV420P picture (both even), or nil if swscale
    /// refuses; `isStill` marks a picture that is not live (see ``VideoFrame/isStill``).
    package func convert(_ frame: Frame, width: Int, height: Int, pts: Double, serial: Int,
                         isStill: Bool = false) -> VideoFrame? {
        let layout = VideoFrame.Layout(width: width, height: height)
        var scaled = false
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            scaled = scale(frame, into: buffer.baseAddress!, layout: layout)
            count = layout.byteCount
        }
        guard scaled else { return nil }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial, isStill: isStill)
    }
}
