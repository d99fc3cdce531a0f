import CFFmpeg

/// The YUV-to-RGB conversion a picture's planes were made for, so every renderer turns them
/// into the same colours.
public enum YUVMatrix: Sendable, Equatable {
    /// BT.601, limited range (SD video, and what swscale writes from RGB).
    case bt601
    /// BT.709, limited range (HD video).
    case bt709
    /// BT.601, full range (JPEG-style `yuvj420p`).
    case fullRangeBT601
}

/// One picture to show: YUV420P (I420) planes, either converted on the decoding thread to the
/// size shown (one contiguous buffer) or, when the GPU scales, the decoder's own planes.
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
    /// The three planes, Y then U then V, at ``planeOffsets``; empty for a picture that keeps
    /// the decoder's planes.
    public let storage: [UInt8]
    /// The conversion to RGB the planes need.
    public let matrix: YUVMatrix
    /// The shown width over the stored width: the source's sample aspect for the decoder's own
    /// planes, 1 for a converted picture (converted to its shown size).
    public let sampleAspect: Double
    /// The decoder's picture whose planes this is, when it was not converted.
    private let decoded: DecodedPlanes?

    package init(layout: Layout, storage: [UInt8], pts: Double, serial: Int, isStill: Bool = false,
                 matrix: YUVMatrix = .bt601) {
        width = layout.width
        height = layout.height
        pitches = layout.pitches
        planeOffsets = layout.offsets
        self.storage = storage
        self.pts = pts
        self.serial = serial
        self.isStill = isStill
        self.matrix = matrix
        sampleAspect = 1
        decoded = nil
    }

    /// A picture that keeps a reference to `frame`'s planes (a YUV420P picture, as decoded),
    /// for a renderer that scales and converts on the GPU: nothing is copied.
    package init(decoded frame: Frame, pts: Double, serial: Int, isStill: Bool, matrix: YUVMatrix) {
        let planes = DecodedPlanes(frame)
        let f = planes.frame.pointer.pointee
        width = Int(f.width)
        height = Int(f.height)
        pitches = (Int(f.linesize.0), Int(f.linesize.1), Int(f.linesize.2))
        planeOffsets = (0, 0, 0)
        storage = []
        self.pts = pts
        self.serial = serial
        self.isStill = isStill
        self.matrix = matrix
        sampleAspect = frame.sampleAspect
        decoded = planes
    }

    /// The same picture (its planes shared, not copied) at presentation time `pts` with serial
    /// `serial`: a picture another engine decoded, put on a player's clock.
    package func restamped(pts: Double, serial: Int) -> VideoFrame {
        VideoFrame(restamping: self, pts: pts, serial: serial)
    }

    private init(restamping other: VideoFrame, pts: Double, serial: Int) {
        width = other.width
        height = other.height
        pitches = other.pitches
        planeOffsets = other.planeOffsets
        storage = other.storage
        self.pts = pts
        self.serial = serial
        isStill = other.isStill
        matrix = other.matrix
        sampleAspect = other.sampleAspect
        decoded = other.decoded
    }

    /// Whether the planes are the decoder's own, at the decoded size.
    public var isDecoderPicture: Bool { decoded != nil }

    /// Calls `body` with pointers to the Y, U and V planes (valid only inside `body`),
    /// e.g. for `SDL_UpdateYUVTexture(texture, nil, y, pitches.y, u, pitches.u, v, pitches.v)`.
    public func withPlanes<R>(
        _ body: (_ y: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>) throws -> R
    ) rethrows -> R {
        if let decoded {
            let f = decoded.frame.pointer.pointee
            return try body(f.data.0!, f.data.1!, f.data.2!)
        }
        return try storage.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            return try body(base + planeOffsets.y, base + planeOffsets.u, base + planeOffsets.v)
        }
    }
}

/// A new reference to a decoded picture's planes, which the decoder no longer writes: the
/// picture is only read from then on, on whichever thread shows it.
private final class DecodedPlanes: @unchecked Sendable {
    let frame: Frame

    init(_ source: Frame) {
        frame = Frame()
        guard av_frame_ref(frame.pointer, source.pointer) >= 0 else { fatalError("av_frame_ref: out of memory") }
    }
}
