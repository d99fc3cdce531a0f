import CX11
import Foundation
import TestSupport

/// Reading real pixels: in-process grabs for comparisons, PNG screenshots for people.
extension TestDesktop {
    /// The screen pixels inside `rect` (clipped to the screen), read with XGetImage on the root.
    ///
    /// A rootless Xwayland (a GNOME Wayland session) has no root image: there the pixels are
    /// each viewable top-level window's own, painted bottom to top in the X stacking order that
    /// mutter keeps, on black; the fully transparent pixels of a 32-bit window (the invisible
    /// borders around mutter's frames) are left out.
    func grab(_ rect: DesktopRect) throws -> Image {
        let clipped = DesktopRect(
            x: max(rect.x, 0), y: max(rect.y, 0),
            width: min(rect.maxX, screen.maxX) - max(rect.x, 0),
            height: min(rect.maxY, screen.maxY) - max(rect.y, 0))
        guard clipped.width > 0, clipped.height > 0 else {
            throw HarnessError("cannot grab \(rect): it lies off the \(screen) screen")
        }
        guard gnomeSession != nil else {
            let pixels = try read(connection.root, clipped, at: DesktopPoint(x: 0, y: 0), transparent: false)
            return Image(width: clipped.width, height: clipped.height, pixels: pixels.map { $0 ?? RGB(red: 0, green: 0, blue: 0) })
        }
        var pixels = [RGB](repeating: RGB(red: 0, green: 0, blue: 0), count: clipped.width * clipped.height)
        for window in children(of: connection.root) {
            guard let attributes = attributes(of: window), attributes.map_state == IsViewable,
                attributes.`class` == InputOutput else { continue }
            let origin = DesktopPoint(x: Int(attributes.x) + Int(attributes.border_width), y: Int(attributes.y) + Int(attributes.border_width))
            let frame = DesktopRect(x: origin.x, y: origin.y, width: Int(attributes.width), height: Int(attributes.height))
            guard let part = frame.intersection(clipped),
                let image = try? read(window, part, at: origin, transparent: attributes.depth == 32) else { continue }
            for row in 0..<part.height {
                let to = (part.y - clipped.y + row) * clipped.width + part.x - clipped.x
                for column in 0..<part.width {
                    if let pixel = image[row * part.width + column] { pixels[to + column] = pixel }
                }
            }
        }
        return Image(width: clipped.width, height: clipped.height, pixels: pixels)
    }

    /// The pixels of `window` inside `area` (root coordinates), row by row, when the window's
    /// top-left corner is at `origin`; with `transparent`, pixels whose alpha (the top byte) is
    /// 0 are nil.
    private func read(_ window: Window, _ area: DesktopRect, at origin: DesktopPoint, transparent: Bool) throws -> [RGB?] {
        let (grabbed, failed) = connection.withCapturedErrors {
            XGetImage(
                connection.display, window, Int32(area.x - origin.x), Int32(area.y - origin.y),
                UInt32(area.width), UInt32(area.height), ~0, ZPixmap)
        }
        guard !failed, let image = grabbed else { throw HarnessError("XGetImage of \(area) failed") }
        defer { _ = image.pointee.f.destroy_image(image) }
        let raw = image.pointee
        guard raw.bits_per_pixel == 32, let data = raw.data else {
            throw HarnessError("unsupported screen format: \(raw.bits_per_pixel) bits per pixel")
        }
        let shifts = [raw.red_mask, raw.green_mask, raw.blue_mask].map { UInt32($0.trailingZeroBitCount) }
        let bytesPerLine = Int(raw.bytes_per_line)
        var pixels: [RGB?] = []
        pixels.reserveCapacity(area.width * area.height)
        data.withMemoryRebound(to: UInt8.self, capacity: bytesPerLine * area.height) { bytes in
            for row in 0..<area.height {
                let line = UnsafeRawPointer(bytes + row * bytesPerLine)
                for column in 0..<area.width {
                    let value = UInt32(littleEndian: line.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self))
                    if transparent, value >> 24 == 0 {
                        pixels.append(nil)
                        continue
                    }
                    pixels.append(RGB(
                        red: UInt8(truncatingIfNeeded: value >> shifts[0]),
                        green: UInt8(truncatingIfNeeded: value >> shifts[1]),
                        blue: UInt8(truncatingIfNeeded: value >> shifts[2])))
                }
            }
        }
        return pixels
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
    ///
    /// A rootless Xwayland has no root image for `import -window root`: there the screen is
    /// composed from the windows (as `grab` does), written as a PPM and converted.
    func screenshot(to file: URL) throws {
        if gnomeSession != nil {
            let raw = workFolder.appendingPathComponent("screen-\(UUID().uuidString).ppm")
            defer { try? FileManager.default.removeItem(at: raw) }
            try grab(screen).ppm().write(to: raw)
            try runTool("/usr/bin/convert", [raw.path, "-quality", "10", file.path])
            return
        }
        try runTool("/usr/bin/import", ["-display", display, "-window", "root", "-quality", "10", file.path])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw HarnessError("import wrote no screenshot at \(file.path)")
        }
    }
}
