/// Halves a picture plane by averaging each 2x2 block: the cheap first steps of a large
/// downscale, shared by playback's ``Scaler`` and the broadcast preview.
package enum PlaneHalving {
    /// Writes the `width`x`height` plane whose every sample is the rounded mean of a 2x2 block
    /// of the source plane (which has at least `2 * width` x `2 * height` samples).
    package static func halve(_ source: UnsafePointer<UInt8>, pitch sourcePitch: Int, into target: UnsafeMutablePointer<UInt8>,
                              pitch: Int, width: Int, height: Int) {
        for row in 0..<height {
            let top = source + 2 * row * sourcePitch, bottom = top + sourcePitch
            let out = target + row * pitch
            for x in 0..<width {
                let sum = UInt16(top[2 * x]) &+ UInt16(top[2 * x + 1]) &+ UInt16(bottom[2 * x]) &+ UInt16(bottom[2 * x + 1])
                out[x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
            }
        }
    }
}
