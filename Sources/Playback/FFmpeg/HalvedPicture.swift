import CFFmpeg

/// A YUV420P picture at half a source's size, in memory reused from picture to picture: an
/// intermediate step of ``Scaler`` for large downscales.
final class HalvedPicture {
    /// Luma size; the chroma planes are half of it on both axes.
    let width: Int, height: Int
    /// The Y, U and V planes and their bytes per row.
    let planes: [UnsafeMutablePointer<UInt8>]
    let pitches: [Int]
    private let memory: UnsafeMutableRawPointer

    /// Room for a `width`x`height` picture (both even), rows aligned for swscale's SIMD.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        let lumaPitch = (width + 63) & ~63, chromaPitch = (width / 2 + 63) & ~63
        let lumaBytes = lumaPitch * height, chromaBytes = chromaPitch * (height / 2)
        memory = UnsafeMutableRawPointer.allocate(byteCount: lumaBytes + 2 * chromaBytes, alignment: 64)
        let base = memory.bindMemory(to: UInt8.self, capacity: lumaBytes + 2 * chromaBytes)
        planes = [base, base + lumaBytes, base + lumaBytes + chromaBytes]
        pitches = [lumaPitch, chromaPitch, chromaPitch]
    }

    deinit { memory.deallocate() }

    /// Fills this picture with `planes` (Y, U, V with their pitches) halved.
    func halve(_ sources: [UnsafePointer<UInt8>], pitches sourcePitches: [Int]) {
        for plane in 0..<3 {
            let (w, h) = plane == 0 ? (width, height) : (width / 2, height / 2)
            PlaneHalving.halve(sources[plane], pitch: sourcePitches[plane], into: planes[plane], pitch: pitches[plane],
                               width: w, height: h)
        }
    }

    /// How many times a `width`x`height` YUV420P picture can be halved on the way to
    /// `targetWidth`x`targetHeight` without going below it, keeping every plane's size even
    /// so chroma halves with luma.
    static func steps(format: Int32, width: Int, height: Int, targetWidth: Int, targetHeight: Int) -> Int {
        guard format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue else { return 0 }
        var (w, h, count) = (width, height, 0)
        while w % 4 == 0 && h % 4 == 0 && w / 2 >= targetWidth && h / 2 >= targetHeight {
            (w, h, count) = (w / 2, h / 2, count + 1)
        }
        return count
    }
}
