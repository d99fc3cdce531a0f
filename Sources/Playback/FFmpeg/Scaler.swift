import CFFmpeg

/// The one swscale wrapper: converts decoded pictures to YUV420P at an output size, with a
/// context cached until the source or output changes. Playback writes into a `VideoFrame`'s
/// storage, a broadcast into a new AVFrame; both go through ``scale(_:width:height:planes:pitches:)``.
package final class Scaler {
    /// How a scaler picks swscale's filter from the source and output sizes.
    package enum FilterChoice: Sendable {
        /// Area averaging when shrinking on both axes (measured cheaper than bilinear for 1080p
        /// to float sizes, and without aliasing), bilinear otherwise. A YUV420P picture shrunk
        /// to a quarter of its height or less is handed to swscale as every other row (twice
        /// the pitch, half the height), at no cost: area averaging filters every row it is
        /// given horizontally, its largest cost, so this halves it. On the playback
        /// benchmark's test pattern, 1080p to 320x180 from 540 rows differs from area over all
        /// 1080 rows by 49.5 dB PSNR in luma (fast bilinear: 26 dB). Fast bilinear and point
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

        /// Whether area averaging can take every other row: YUV420P, at least 4:1 in height,
        /// and a height whose chroma rows pair up too.
        var allowsSkippingRows: Bool {
            (sourceFormat == AV_PIX_FMT_YUV420P.rawValue || sourceFormat == AV_PIX_FMT_YUVJ420P.rawValue)
                && sourceHeight % 4 == 0 && 4 * height <= sourceHeight
        }
    }

    private let choice: FilterChoice
    private var context: OpaquePointer?
    private var key: Key?
    /// How many times a context was (re)built; for tests and diagnostics.
    package private(set) var buildCount = 0

    package init(filter: FilterChoice) { choice = filter }

    deinit { sws_freeContext(context) }

    /// 2 when swscale gets every other row of the source (see ``FilterChoice/areaWhenShrinking``), else 1.
    private func rowStep(for key: Key) -> Int32 {
        choice == .areaWhenShrinking && key.allowsSkippingRows ? 2 : 1
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
                        return sws_scale(context, data, strides, 0, Int32(frame.height) / step, planes, pitches)
                    }
                }
            }
        }
        return written > 0
    }

    /// Converts `frame` to a `width`x`height` YUV420P picture (both even), or nil if swscale
    /// refuses; `isStill` marks a picture that is not live (see ``VideoFrame/isStill``).
    package func convert(_ frame: Frame, width: Int, height: Int, pts: Double, serial: Int,
                         isStill: Bool = false) -> VideoFrame? {
        let layout = VideoFrame.Layout(width: width, height: height)
        var scaled = false
        let storage = [UInt8](unsafeUninitializedCapacity: layout.byteCount) { buffer, count in
            let base = buffer.baseAddress!
            let planes: [UnsafeMutablePointer<UInt8>?] = [
                base + layout.offsets.y, base + layout.offsets.u, base + layout.offsets.v, nil,
            ]
            let pitches: [Int32] = [Int32(layout.pitches.y), Int32(layout.pitches.u), Int32(layout.pitches.v), 0]
            scaled = scale(frame, width: width, height: height, planes: planes, pitches: pitches)
            count = layout.byteCount
        }
        guard scaled else { return nil }
        return VideoFrame(layout: layout, storage: storage, pts: pts, serial: serial, isStill: isStill)
    }
}
