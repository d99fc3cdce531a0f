import AppCore
import CSDL
import FilesAndOptions

/// Owns a `TTF_Font` opened at one point size.
@MainActor
final class Font {
    let handle: OpaquePointer
    let pixelSize: Int32

    init(file: String, pixelSize: Int32) throws {
        self.pixelSize = pixelSize
        handle = try sdlCheck(TTF_OpenFont(file, pixelSize), "TTF_OpenFont(\(file))")
        TTF_SetFontHinting(handle, TTF_HINTING_LIGHT)
    }

    isolated deinit {
        TTF_CloseFont(handle)
    }

    var lineHeight: Int32 { TTF_FontHeight(handle) }

    func width(of text: String) -> Int32 {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(handle, text, &w, &h)
        return w
    }
}

/// The app's fonts by role, opened from a fontconfig match at the UI scale, and opened again
/// at a new size when the scale changes.
@MainActor
final class FontSet {
    private(set) var regular: [Int32: Font] = [:]
    private(set) var bold: [Int32: Font] = [:]
    private let regularFile: String
    private let boldFile: String

    /// Sizes in pixels the UI uses.
    static let sizes: [Int32] = [11, 13, 15, 18, 24]

    init(scale: Double) throws {
        if TTF_WasInit() == 0 { try sdlCheck(TTF_Init(), "TTF_Init") }
        guard let regularFile = FontLocator.file(matching: "sans-serif"),
              let boldFile = FontLocator.file(matching: "sans-serif:weight=bold") else {
            throw AppError.noFont
        }
        self.regularFile = regularFile
        self.boldFile = boldFile
        try reopen(scale: scale)
    }

    /// Opens every size again for `scale`; on failure the fonts stay as they were.
    func reopen(scale: Double) throws {
        var regular: [Int32: Font] = [:], bold: [Int32: Font] = [:]
        for size in Self.sizes {
            let px = Int32((Double(size) * scale).rounded())
            regular[size] = try Font(file: regularFile, pixelSize: px)
            bold[size] = try Font(file: boldFile, pixelSize: px)
        }
        self.regular = regular
        self.bold = bold
    }

    func font(_ size: Int32, bold isBold: Bool = false) -> Font {
        let table = isBold ? bold : regular
        if let f = table[size] { return f }
        let nearest = Self.sizes.min { abs($0 - size) < abs($1 - size) } ?? 13
        return table[nearest]!
    }

    /// Text widths in pixels in these fonts, for layout.
    var measure: TextMeasure {
        { text, style in Int(self.font(Int32(style.size), bold: style.bold).width(of: text)) }
    }

    /// The layout metrics at `scale`, with the fixed labels measured in these fonts.
    func metrics(scale: Double) -> UIMetrics {
        UIMetrics(scale: scale, measure: measure)
    }
}
