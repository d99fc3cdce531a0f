import LocksAndThreads

/// One picture at the size shown: YUV420P (I420) planes in one contiguous buffer, ready for a
/// streaming texture. A played picture decoded at up to 720p is converted from its decoded one
/// the first time its pixels are asked for (``withPlanes(_:)`` or ``storage``), on the asking
/// thread, and only then: one superseded before anyone looked at it costs no conversion.
public final class VideoFrame: Sendable {
    /// Plane geometry for a picture size.
    package struct Layout: Sendable {
        package let width: Int, height: Int
        package let pitches: (y: Int, u: Int, v: Int)
        package let offsets: (y: Int, u: Int, v: Int)
        package let byteCount: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
            let lumaPitch = (width + 31) & ~31
            let chromaPitch = ((width / 2) + 31) & ~31
            let chromaBytes = chromaPitch * (height / 2)
            pitches = (lumaPitch, chromaPitch, chromaPitch)
            offsets = (0, lumaPitch * height, lumaPitch * height + chromaBytes)
            byteCount = lumaPitch * height + 2 * chromaBytes
        }

        /// A black picture in this layout (limited range).
        var black: [UInt8] {
            [UInt8](repeating: 16, count: offsets.u) + [UInt8](repeating: 128, count: byteCount - offsets.u)
        }
    }

    /// The pixels, or the decoded picture and its converter until they are asked for.
    private enum Pixels {
        case ready([UInt8])
        case pending(Frame, PictureConverter)
    }

    /// Picture width in pixels (even).
    public let width: Int
    /// Picture height in pixels (even).
    public let height: Int
    /// Presentation time in seconds, on the source's time line.
    public let pts: Double
    /// Increases by one for every converted frame of the session.
    public let serial: Int
    /// True for a still picture: a key frame decoded while the source was hidden, shown until
    /// live pictures come again. A view marks it as still rather than present it as live.
    public let isStill: Bool
    /// Bytes per row of the Y, U and V planes.
    public let pitches: (y: Int, u: Int, v: Int)
    /// Where each plane starts in ``storage``.
    public let planeOffsets: (y: Int, u: Int, v: Int)
    private let layout: Layout
    private let pixels: Guarded<Pixels>

    package convenience init(layout: Layout, storage: [UInt8], pts: Double, serial: Int, isStill: Bool = false) {
        self.init(layout: layout, pixels: .ready(storage), pts: pts, serial: serial, isStill: isStill)
    }

    /// A picture converted from `decoded` by `converter` when its pixels are first asked for.
    convenience init(layout: Layout, decoded: Frame, converter: PictureConverter, pts: Double, serial: Int, isStill: Bool) {
        self.init(layout: layout, pixels: .pending(decoded, converter), pts: pts, serial: serial, isStill: isStill)
    }

    private init(layout: Layout, pixels: Pixels, pts: Double, serial: Int, isStill: Bool) {
        self.layout = layout
        width = layout.width
        height = layout.height
        pitches = layout.pitches
        planeOffsets = layout.offsets
        self.pixels = Guarded(pixels)
        self.pts = pts
        self.serial = serial
        self.isStill = isStill
    }

    /// The three planes, Y then U then V, at ``planeOffsets`` (converted now if they were not yet).
    public var storage: [UInt8] {
        pixels.withLock { pixels in
            switch pixels {
            case .ready(let bytes):
                return bytes
            case .pending(let decoded, let converter):
                let bytes = converter.pixels(of: decoded, layout: layout)
                pixels = .ready(bytes)
                return bytes
            }
        }
    }

    /// True once the pixels exist (converted, or made so).
    package var isConverted: Bool {
        pixels.withLock { if case .ready = $0 { true } else { false } }
    }

    /// Calls `body` with pointers to the Y, U and V planes (valid only inside `body`),
    /// e.g. for `SDL_UpdateYUVTexture(texture, nil, y, pitches.y, u, pitches.u, v, pitches.v)`.
    public func withPlanes<R>(
        _ body: (_ y: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>) throws -> R
    ) rethrows -> R {
        try storage.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return try body(base + planeOffsets.y, base + planeOffsets.u, base + planeOffsets.v)
        }
    }
}
