/// The one dark theme: colours and metrics shared by every view.
enum Theme {
    static let background = Color(r: 0x12, g: 0x14, b: 0x18)
    static let surface = Color(r: 0x1c, g: 0x1f, b: 0x26)
    static let surfaceHover = Color(r: 0x29, g: 0x2e, b: 0x3a)
    static let surfaceSelected = Color(r: 0x2a, g: 0x33, b: 0x45)
    static let border = Color(r: 0x33, g: 0x38, b: 0x44)
    static let text = Color(r: 0xec, g: 0xee, b: 0xf2)
    static let textDim = Color(r: 0x9a, g: 0xa1, b: 0xae)
    static let accent = Color(r: 0x4c, g: 0x8d, b: 0xff)
    static let live = Color(r: 0xe5, g: 0x39, b: 0x35)
    static let ok = Color(r: 0x3d, g: 0xbf, b: 0x6e)
    static let warn = Color(r: 0xf2, g: 0xb1, b: 0x34)
    static let error = Color(r: 0xf0, g: 0x5a, b: 0x5a)
    static let scrim = Color(r: 0, g: 0, b: 0, a: 150)
    static let black = Color(r: 0, g: 0, b: 0)

    /// Outer padding of views, in unscaled pixels.
    static let padding: Int32 = 16
    /// Corner radius of tiles and buttons.
    static let radius: Int32 = 8
}
