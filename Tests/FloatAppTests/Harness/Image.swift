/// An RGB colour with 8-bit channels.
struct RGB: Equatable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    var description: String { "rgb(\(red), \(green), \(blue))" }

    /// The largest channel difference to `other`.
    func distance(to other: RGB) -> Int {
        max(
            abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)))
    }
}

/// A mean colour with fractional channels (0...255).
struct MeanColor: CustomStringConvertible {
    var red: Double
    var green: Double
    var blue: Double

    var description: String {
        "mean rgb(\(Int(red.rounded())), \(Int(green.rounded())), \(Int(blue.rounded())))"
    }

    /// The largest channel difference to `color`.
    func distance(to color: RGB) -> Double {
        max(abs(red - Double(color.red)), abs(green - Double(color.green)), abs(blue - Double(color.blue)))
    }
}

/// Pixels grabbed from the screen, row by row.
struct Image {
    let width: Int
    let height: Int
    /// `width * height` pixels, top row first.
    let pixels: [RGB]

    /// The pixel at column `x`, row `y`.
    subscript(x: Int, y: Int) -> RGB {
        pixels[y * width + x]
    }

    /// The average colour of all pixels.
    var meanColor: MeanColor {
        guard !pixels.isEmpty else { return MeanColor(red: 0, green: 0, blue: 0) }
        var sums = (0, 0, 0)
        for pixel in pixels {
            sums.0 += Int(pixel.red)
            sums.1 += Int(pixel.green)
            sums.2 += Int(pixel.blue)
        }
        let count = Double(pixels.count)
        return MeanColor(red: Double(sums.0) / count, green: Double(sums.1) / count, blue: Double(sums.2) / count)
    }

    /// Fraction (0...1) of pixels whose every channel is at most `threshold`.
    func darkFraction(threshold: UInt8 = 16) -> Double {
        guard !pixels.isEmpty else { return 1 }
        let dark = pixels.filter { max($0.red, $0.green, $0.blue) <= threshold }.count
        return Double(dark) / Double(pixels.count)
    }

    /// Whether at least `fraction` of the pixels are (nearly) black.
    func isMostlyBlack(fraction: Double = 0.9, threshold: UInt8 = 16) -> Bool {
        darkFraction(threshold: threshold) >= fraction
    }

    /// Fraction (0...1) of pixels within `tolerance` of `color`.
    func fraction(matching color: RGB, tolerance: Int = 8) -> Double {
        guard !pixels.isEmpty else { return 0 }
        return Double(pixels.filter { $0.distance(to: color) <= tolerance }.count) / Double(pixels.count)
    }

    /// Mean absolute channel difference (0...255) to an image of the same size.
    func meanAbsoluteDifference(to other: Image) -> Double {
        precondition(width == other.width && height == other.height, "images differ in size")
        guard !pixels.isEmpty else { return 0 }
        var total = 0
        for (a, b) in zip(pixels, other.pixels) {
            total += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
        }
        return Double(total) / Double(pixels.count * 3)
    }
}
