import CX11

/// Reading window properties.
extension XConnection {
    /// A property's raw contents: its type, item format (8/16/32) and items.
    struct RawProperty {
        /// The property's type atom.
        let type: Atom
        /// Bits per item: 8, 16 or 32 (32-bit items are C longs in memory).
        let format: Int32
        /// The bytes as Xlib returned them.
        let bytes: [UInt8]
        /// Number of items.
        let count: Int
    }

    /// Reads the whole property `name` of `window`; nil if absent or the window is gone.
    func rawProperty(_ window: Window, _ name: String) -> RawProperty? {
        let property = atom(name)
        let (result, failed) = withCapturedErrors { () -> RawProperty? in
            var type: Atom = 0
            var format: Int32 = 0
            var count: UInt = 0
            var remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            let status = XGetWindowProperty(
                display, window, property, 0, 1 << 20, 0, Atom(0) /* AnyPropertyType */,
                &type, &format, &count, &remaining, &data)
            defer { if let data { XFree(data) } }
            guard status == Success, type != 0, let data else { return nil }
            let itemSize = format == 32 ? MemoryLayout<CLong>.size : Int(format) / 8
            let bytes = Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize))
            return RawProperty(type: type, format: format, bytes: bytes, count: Int(count))
        }
        return failed ? nil : result
    }

    /// A 32-bit-format property (CARDINAL, ATOM, WINDOW...) as unsigned values.
    func cardinals(_ window: Window, _ name: String) -> [UInt]? {
        guard let raw = rawProperty(window, name), raw.format == 32 else { return nil }
        return raw.bytes.withUnsafeBytes { buffer in
            // Xlib hands 32-bit items over as C longs, sign-extended: keep the 32 bits the server has.
            (0..<raw.count).map {
                UInt(UInt32(truncatingIfNeeded: buffer.load(fromByteOffset: $0 * MemoryLayout<CLong>.size, as: CLong.self)))
            }
        }
    }

    /// An ATOM-list property as atom names.
    func atomNames(_ window: Window, _ name: String) -> [String]? {
        cardinals(window, name)?.compactMap { atomName(Atom($0)) }
    }

    /// A text property (STRING or UTF8_STRING) split at NUL bytes.
    func strings(_ window: Window, _ name: String) -> [String]? {
        guard let raw = rawProperty(window, name), raw.format == 8 else { return nil }
        var parts = raw.bytes.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        while parts.last?.isEmpty == true {
            parts.removeLast()
        }
        return parts
    }

    /// A text property as one string.
    func string(_ window: Window, _ name: String) -> String? {
        strings(window, name)?.joined(separator: "\u{0}")
    }
}
