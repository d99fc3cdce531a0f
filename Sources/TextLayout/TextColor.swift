/// A colour text is drawn in; colour emoji keep their own colours.
public struct TextColor: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// Creates a colour from 8-bit channels; `a` 255 is opaque.
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
