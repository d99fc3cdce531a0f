import Foundation

/// Writing grabbed pixels as a binary PPM (P6), which ImageMagick converts to PNG.
extension Image {
    /// The image as a P6 PPM file's bytes.
    func ppm() -> Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        data.reserveCapacity(data.count + pixels.count * 3)
        for pixel in pixels {
            data.append(contentsOf: [pixel.red, pixel.green, pixel.blue])
        }
        return data
    }
}
