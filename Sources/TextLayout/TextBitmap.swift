/// A laid-out line drawn into pixels: straight-alpha ARGB words (`0xAARRGGBB`, the layout of
/// SDL's `ARGB8888`), row after row, `width` words per row.
public struct TextBitmap: Sendable {
    public let width: Int
    public let height: Int
    /// Where the bitmap's top-left lies relative to the top-left of the line's logical box:
    /// negative when ink (a mark above, an overhang) reaches outside it.
    public let offsetX: Int
    public let offsetY: Int
    public let pixels: [UInt32]

    /// The bytes the pixels take.
    public var byteCount: Int { width * height * 4 }
}
