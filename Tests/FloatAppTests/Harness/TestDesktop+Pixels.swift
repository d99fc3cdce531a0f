import CX11
import Foundation

/// Reading real pixels: in-process grabs for comparisons, PNG screenshots for people.
extension TestDesktop {
    /// The screen pixels inside `rect` (clipped to the screen), read with XGetImage on the root.
    func grab(_ rect: DesktopRect) throws -> Image {
        let clipped = DesktopRect(
            x: max(rect.x, 0), y: max(rect.y, 0),
            width: min(rect.maxX, screen.maxX) - max(rect.x, 0),
            height: min(rect.maxY, screen.maxY) - max(rect.y, 0))
        guard clipped.width > 0, clipped.height > 0 else {
            throw HarnessError("cannot grab \(rect): it lies off the \(screen) screen")
        }
        let (grabbed, failed) = connection.withCapturedErrors {
            XGetImage(
                connection.display, connection.root, Int32(clipped.x), Int32(clipped.y),
                UInt32(clipped.width), UInt32(clipped.height), ~0, ZPixmap)
        }
        guard !failed, let image = grabbed else { throw HarnessError("XGetImage of \(clipped) failed") }
        defer { _ = image.pointee.f.destroy_image(image) }
        let raw = image.pointee
        guard raw.bits_per_pixel == 32, let data = raw.data else {
            throw HarnessError("unsupported screen format: \(raw.bits_per_pixel) bits per pixel")
        }
        let shifts = [raw.red_mask, raw.green_mask, raw.blue_mask].map { UInt32($0.trailingZeroBitCount) }
        let bytesPerLine = Int(raw.bytes_per_line)
        var pixels: [RGB] = []
        pixels.reserveCapacity(clipped.width * clipped.height)
        data.withMemoryRebound(to: UInt8.self, capacity: bytesPerLine * clipped.height) { bytes in
            for row in 0..<clipped.height {
                let line = UnsafeRawPointer(bytes + row * bytesPerLine)
                for column in 0..<clipped.width {
                    let value = UInt32(littleEndian: line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self))
                    pixels.append(RGB(
                        red: UInt8(truncatingIfNeeded: value >> shifts[0]),
                        green: UInt8(truncatingIfNeeded: value >> shifts[1]),
                        blue: UInt8(truncatingIfNeeded: value >> shifts[2])))
                }
            }
        }
        return Image(width: clipped.width, height: clipped.height, pixels: pixels)
    }

    /// Grabs the client area of `window`.
    func grab(window: Window) throws -> Image {
        guard let rect = geometry(of: window) else { throw HarnessError("window 0x\(String(window, radix: 16)) is gone") }
        return try grab(rect)
    }

    /// Saves the whole screen as `<name>.png` in the artifacts folder (and `$FLOATAPP_ARTIFACTS`),
    /// using ImageMagick's `import -window root`; returns the file written.
    @discardableResult
    func screenshot(_ name: String) throws -> URL {
        let file = artifactsFolder.appendingPathComponent(TestPaths.sanitized(name) + ".png")
        try screenshot(to: file)
        if let extra = try TestPaths.extraArtifactsFolder(for: testName) {
            let copy = extra.appendingPathComponent(file.lastPathComponent)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: file, to: copy)
        }
        return file
    }

    /// Saves the whole screen as a PNG at `file`, compressed fast (zlib level 1, no filter): at
    /// ImageMagick's default level a 1920x1080 screen with a detailed wallpaper (mutter's) costs
    /// over 2 s of CPU to encode, and 0.15 s so.
    func screenshot(to file: URL) throws {
        try runTool("/usr/bin/import", ["-display", display, "-window", "root", "-quality", "10", file.path])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw HarnessError("import wrote no screenshot at \(file.path)")
        }
    }
}
