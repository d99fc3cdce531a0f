/// The theme: colours and metrics shared by every view. The colours are the palette's, dark by
/// default, high-contrast while the desktop asks for it (X8).
@MainActor
enum Theme {
    /// The palette painted now; the app switches it when the desktop's contrast setting changes.
    static var palette = Palette.standard

    static var background: Color { palette.background }
    static var surface: Color { palette.surface }
    static var surfaceHover: Color { palette.surfaceHover }
    static var surfaceSelected: Color { palette.surfaceSelected }
    static var border: Color { palette.border }
    static var text: Color { palette.text }
    static var textDim: Color { palette.textDim }
    static var accent: Color { palette.accent }
    static var live: Color { palette.live }
    static var ok: Color { palette.ok }
    static var warn: Color { palette.warn }
    static var error: Color { palette.error }
    static var toast: Color { palette.toast }
    static var secondary: Color { palette.secondary }
    static var scrim: Color { palette.scrim }
    static let black = Color(r: 0, g: 0, b: 0)

    /// Outer padding of views, in unscaled pixels.
    static let padding: Int32 = 16
    /// Corner radius of tiles and buttons.
    static let radius: Int32 = 8
}

/// The colours of one look of the app.
struct Palette: Equatable {
    var background, surface, surfaceHover, surfaceSelected, border: Color
    var text, textDim, accent, live, ok, warn, error, toast, scrim: Color
    /// A secondary button's fill (a dialog's Cancel), under white text.
    var secondary: Color
    /// Whether a status pill's label and a row's kind badge take the status's or kind's
    /// colour; else they are ``text`` (the badge without its tinted disc), the colour marking
    /// the pill's dot alone: a red glyph cannot read 3:1 on every row fill (black, selected
    /// blue, hover grey).
    var tintsLabels = true

    /// The dark look.
    static let standard = Palette(
        background: Color(r: 0x12, g: 0x14, b: 0x18), surface: Color(r: 0x1c, g: 0x1f, b: 0x26),
        surfaceHover: Color(r: 0x29, g: 0x2e, b: 0x3a), surfaceSelected: Color(r: 0x2a, g: 0x33, b: 0x45),
        border: Color(r: 0x33, g: 0x38, b: 0x44), text: Color(r: 0xec, g: 0xee, b: 0xf2),
        textDim: Color(r: 0x9a, g: 0xa1, b: 0xae), accent: Color(r: 0x4c, g: 0x8d, b: 0xff),
        live: Color(r: 0xe5, g: 0x39, b: 0x35), ok: Color(r: 0x3d, g: 0xbf, b: 0x6e),
        warn: Color(r: 0xf2, g: 0xb1, b: 0x34), error: Color(r: 0xf0, g: 0x5a, b: 0x5a),
        toast: Color(r: 0x30, g: 0x34, b: 0x3e), scrim: Color(r: 0, g: 0, b: 0, a: 150),
        secondary: Color(r: 0x33, g: 0x38, b: 0x44))

    /// The high-contrast look (X8): white text on black, white borders, and an accent and a
    /// live red that read at 4.5:1 or more both on black and under white text (WCAG 2 AA for
    /// text; 3:1 for controls).
    static let highContrast = Palette(
        background: Color(r: 0, g: 0, b: 0), surface: Color(r: 0, g: 0, b: 0),
        surfaceHover: Color(r: 0x60, g: 0x60, b: 0x60), surfaceSelected: Color(r: 0x00, g: 0x3a, b: 0x80),
        border: Color(r: 0xff, g: 0xff, b: 0xff), text: Color(r: 0xff, g: 0xff, b: 0xff),
        textDim: Color(r: 0xe6, g: 0xe6, b: 0xe6), accent: Color(r: 0x3d, g: 0x67, b: 0xff),
        live: Color(r: 0xe0, g: 0x2d, b: 0x2d), ok: Color(r: 0x3c, g: 0xe0, b: 0x70),
        warn: Color(r: 0xff, g: 0xd0, b: 0x40), error: Color(r: 0xf0, g: 0x50, b: 0x50),
        toast: Color(r: 0x1a, g: 0x1a, b: 0x1a), scrim: Color(r: 0, g: 0, b: 0, a: 210),
        secondary: Color(r: 0x70, g: 0x70, b: 0x70), tintsLabels: false)
}
