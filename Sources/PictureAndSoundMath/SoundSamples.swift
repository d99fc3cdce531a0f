/// The mixer's loop over each source's Float32 samples.
package enum SoundSamples {
    /// Adds `gain` times each of `count` samples into `output` (when given); returns the sum of
    /// their squares.
    package static func mix(_ samples: UnsafePointer<Float>, count: Int, into output: UnsafeMutablePointer<Float>?,
                            gain: Float) -> Float {
        // Eight running sums: one sum would be a chain of dependent additions the compiler
        // may not reorder, so it would not use vector instructions.
        var sums = SIMD8<Float>()
        let raw = UnsafeRawPointer(samples)
        var i = 0
        while i + 8 <= count {
            let v = raw.loadUnaligned(fromByteOffset: i * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
            sums += v * v
            i += 8
        }
        var squares = sums.sum()
        while i < count {
            squares += samples[i] * samples[i]
            i += 1
        }
        if let output {
            for i in 0..<count { output[i] += samples[i] * gain }
        }
        return squares
    }
}
