import CFFmpeg

/// A YUV420P picture with each group of `factor` rows of a source averaged into one, in memory
/// reused from picture to picture: the vertical first step of ``Scaler``'s large downscales.
/// Averaging whole rows is a plain element-wise loop the compiler vectorizes, and leaves
/// swscale a picture `factor` times shorter to scale.
final class RowAveragedPicture {
    /// Luma size; the chroma planes are half of it on both axes (widths rounded up).
    let width: Int, height: Int
    /// How many source rows make one row here.
    let factor: Int
    /// The Y, U and V planes and their bytes per row.
    let planes: [UnsafeMutablePointer<UInt8>]
    let pitches: [Int]
    private let memory: UnsafeMutableRawPointer
    /// One row of sums.
    private let sums: UnsafeMutablePointer<UInt16>

    /// Room for a `sourceWidth`x`sourceHeight` picture averaged over `factor` rows
    /// (`factor` from 2 to 8, `sourceHeight` a multiple of `2 * factor` so chroma rows group alike).
    init(sourceWidth: Int, sourceHeight: Int, factor: Int) {
        width = sourceWidth
        height = sourceHeight / factor
        self.factor = factor
        let lumaPitch = (width + 63) & ~63, chromaPitch = ((width + 1) / 2 + 63) & ~63
        let lumaBytes = lumaPitch * height, chromaBytes = chromaPitch * (height / 2)
        memory = UnsafeMutableRawPointer.allocate(byteCount: lumaBytes + 2 * chromaBytes, alignment: 64)
        let base = memory.bindMemory(to: UInt8.self, capacity: lumaBytes + 2 * chromaBytes)
        planes = [base, base + lumaBytes, base + lumaBytes + chromaBytes]
        pitches = [lumaPitch, chromaPitch, chromaPitch]
        sums = .allocate(capacity: width)
    }

    deinit {
        memory.deallocate()
        sums.deallocate()
    }

    /// Fills this picture from the source planes `sources` (Y, U, V) with their pitches.
    func fill(from sources: [UnsafePointer<UInt8>], pitches sourcePitches: [Int]) {
        for plane in 0..<3 {
            let (w, rows) = plane == 0 ? (width, height) : ((width + 1) / 2, height / 2)
            average(sources[plane], pitch: sourcePitches[plane], into: planes[plane], pitch: pitches[plane],
                    width: w, rows: rows)
        }
    }

    /// Writes `rows` rows of `width` samples, each the rounded mean of `factor` source rows.
    /// Rows are added two at a time and the last two go straight into the division, so the
    /// row of sums is read and written as few times as possible. The division is the high
    /// half of a 16-bit multiplication by 2^16/factor rounded up (one SIMD instruction), exact
    /// for sums up to 8 x 255.
    private func average(_ source: UnsafePointer<UInt8>, pitch sourcePitch: Int, into target: UnsafeMutablePointer<UInt8>,
                         pitch: Int, width: Int, rows: Int) {
        let reciprocal = UInt16(65536 / factor + 1), half = UInt16(factor / 2)
        let sums = self.sums, odd = factor % 2 == 1
        for row in 0..<rows {
            let first = source + row * factor * sourcePitch
            let out = target + row * pitch
            let last = first + (factor - 2) * sourcePitch, beforeLast = last + sourcePitch
            guard factor > 2 || odd else {
                for x in 0..<width {
                    let sum = UInt16(last[x]) &+ UInt16(beforeLast[x]) &+ half
                    out[x] = UInt8(truncatingIfNeeded: (UInt32(sum) &* UInt32(reciprocal)) >> 16)
                }
                continue
            }
            var next = 0
            if odd {
                for x in 0..<width { sums[x] = UInt16(first[x]) }
                next = 1
            } else {
                let second = first + sourcePitch
                for x in 0..<width { sums[x] = UInt16(first[x]) &+ UInt16(second[x]) }
                next = 2
            }
            while next < factor - 2 {
                let a = first + next * sourcePitch, b = a + sourcePitch
                for x in 0..<width { sums[x] &+= UInt16(a[x]) &+ UInt16(b[x]) }
                next += 2
            }
            for x in 0..<width {
                let sum = sums[x] &+ UInt16(last[x]) &+ UInt16(beforeLast[x]) &+ half
                out[x] = UInt8(truncatingIfNeeded: (UInt32(sum) &* UInt32(reciprocal)) >> 16)
            }
        }
    }

    /// How many rows of a `height`-row YUV420P picture to average into one on the way to
    /// `targetHeight` rows: the most, up to 8, that leaves at least `targetHeight` rows and
    /// groups chroma rows alike; 1 (nothing to do) for other formats and small reductions.
    static func factor(format: Int32, height: Int, targetHeight: Int) -> Int {
        guard format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue else { return 1 }
        return (1...8).last { height / $0 >= targetHeight && height % (2 * $0) == 0 } ?? 1
    }
}
