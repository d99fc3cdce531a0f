/// Halves a plane of a YUV420P picture exactly: each output sample is the rounded mean of a
/// 2x2 block of the source's, which is what swscale's area averaging computes for half the width
/// and height, 16 samples at a time. Playback's scaler takes this path for a picture shown at
/// exactly half its size (a call participant's 640x360 in the 320x180 float, 720p in a 640x360
/// view), where swscale's general filter cost the float of a 16-person call a quarter of its
/// speaker's decoding; a broadcast's preview halves its 720p pictures to 360p with it too.
package enum HalfShrink {
    /// Writes the `width`x`height` half of the plane at `source` (twice as wide and as tall)
    /// to `destination`.
    package static func halve(_ source: UnsafePointer<UInt8>, pitch sourcePitch: Int,
                              into destination: UnsafeMutablePointer<UInt8>, pitch destinationPitch: Int,
                              width: Int, height: Int) {
        let wide = width & ~15
        for y in 0..<height {
            let top = source + 2 * y * sourcePitch, bottom = top + sourcePitch
            let out = destination + y * destinationPitch
            var x = 0
            while x < wide {
                // Sixteen pairs of bytes as sixteen 16-bit lanes (little-endian: the left byte
                // low): the low byte plus the high byte is each pair's sum.
                let a = UnsafeRawPointer(top + 2 * x).loadUnaligned(as: SIMD16<UInt16>.self)
                let b = UnsafeRawPointer(bottom + 2 * x).loadUnaligned(as: SIMD16<UInt16>.self)
                let sums = (a & 0xFF) &+ (a &>> 8) &+ (b & 0xFF) &+ (b &>> 8) &+ 2
                UnsafeMutableRawPointer(out + x).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sums &>> 2),
                                                            as: SIMD16<UInt8>.self)
                x += 16
            }
            while x < width {
                let sum = Int(top[2 * x]) + Int(top[2 * x + 1]) + Int(bottom[2 * x]) + Int(bottom[2 * x + 1]) + 2
                out[x] = UInt8(truncatingIfNeeded: sum >> 2)
                x += 1
            }
        }
    }
}
