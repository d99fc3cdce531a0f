import TextLayout

/// One style of the app's text (a size in unscaled pixels and a weight) at the current scale:
/// what views measure and place lines with.
@MainActor
struct Font {
    let fonts: FontSet
    let size: Int32
    let bold: Bool

    /// The height of a line in this style, in pixels.
    var lineHeight: Int32 { Int32(fonts.lineBox(size, bold: bold).height) }

    /// The width of `text` in this style, in pixels.
    func width(of text: String) -> Int32 { Int32(fonts.width(of: text, size: size, bold: bold)) }
}
