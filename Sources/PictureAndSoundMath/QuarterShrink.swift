/// Shrinks a plane of a YUV420P picture to a quarter of its width and height: each output
/// sample is the rounded mean of the first and third rows of a 4x4 block of the source's, 16
/// samples at a time. That is what playback's scaler had swscale compute for this size (area
/// averaging of every other row, ``Scaler/FilterChoice/areaWhenShrinking``), without swscale's
/// general filter: it takes this path for a 1080p picture in the default float on a 1920-wide
/// screen (480x270), where swscale cost about 2.5 M instructions a picture.
package enum QuarterShrink {
    /// Writes the `width`x`height` quarter of the plane at `source` (four times as wide and as
    /// tall) to `destination`.
    package static func shrink(_ source: UnsafePointer<UInt8>, pitch sourcePitch: Int,
                               into destination: UnsafeMutablePointer<UInt8>, pitch destinationPitch: Int,
                               width: Int, height: Int) {
        let wide = width & ~15
        for y in 0..<height {
            let top = source + 4 * y * sourcePitch, third = top + 2 * sourcePitch
            let out = destination + y * destinationPitch
            var x = 0
            while x < wide {
                // Sixteen runs of four bytes as sixteen 32-bit lanes: the even bytes plus the odd
                // ones are two 16-bit sums a lane, added over the two rows (at most 1,020 each).
                let a = UnsafeRawPointer(top + 4 * x).loadUnaligned(as: SIMD16<UInt32>.self)
                let b = UnsafeRawPointer(third + 4 * x).loadUnaligned(as: SIMD16<UInt32>.self)
                let pairs = (a & 0x00FF_00FF) &+ ((a &>> 8) & 0x00FF_00FF) &+ (b & 0x00FF_00FF) &+ ((b &>> 8) & 0x00FF_00FF)
                let sums = (pairs & 0xFFFF) &+ (pairs &>> 16) &+ 4
                UnsafeMutableRawPointer(out + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sums &>> 3),
                                                            as: SIMD16<UInt8>.self)
                x += 16
            }
            while x < width {
                var sum = 4
                for row in [top, third] {
                    sum += Int(row[4 * x]) + Int(row[4 * x + 1]) + Int(row[4 * x + 2]) + Int(row[4 * x + 3])
                }
                out[x] = UInt8(truncatingIfNeeded: sum >> 3)
                x += 1
            }
        }
    }
}
