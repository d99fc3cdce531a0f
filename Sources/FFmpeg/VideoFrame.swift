/// One picture at the size shown: YUV420P (I420) planes in one contiguous buffer, ready for a
/// streaming texture (converted on the decoding thread before it is queued).
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
        package var black: [UInt8] {
            [UInt8](repeating: 16, count: offsets.u) + [UInt8](repeating: 128, count: byteCount - offsets.u)
        }
    }

    /// Picture width in pixels (even).
    public let width: Int
    /// Picture height in pixels (even).
    public let height: Int
    /// Presentation time in seconds, on the source's time line.
    public let pts: Double
    /// Increases by one for every converted frame of the player.
    public let serial: Int
    /// True for a still picture: a key frame decoded while the source was hidden, shown until
    /// live pictures come again. A view marks it as still rather than present it as live.
    public let isStill: Bool
    /// Bytes per row of the Y, U and V planes.
    public let pitches: (y: Int, u: Int, v: Int)
    /// Where each plane starts in ``storage``.
    public let planeOffsets: (y: Int, u: Int, v: Int)
    /// The three planes, Y then U then V, at ``planeOffsets``.
    public let storage: [UInt8]

    package init(layout: Layout, storage: [UInt8], pts: Double, serial: Int, isStill: Bool = false) {
        width = layout.width
        height = layout.height
        pitches = layout.pitches
        planeOffsets = layout.offsets
        self.storage = storage
        self.pts = pts
        self.serial = serial
        self.isStill = isStill
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
