import AppCore
import Files
import Logging
import TextLayout

/// The app's text layer at the UI scale: lays lines out through ``TextEngine`` (font fallback
/// per run, shaping, bidi, ellipsis) for both windows, keeps measured widths, and says once per
/// script when the desktop has no font for some characters.
@MainActor
final class FontSet {
    let engine: TextEngine
    /// The UI scale lines are laid out at.
    private(set) var scale: Double
    private var widths = LRUCache<LineKey, Int>(budget: 8192)
    private var reportedScripts: Set<String> = []

    /// Lays text out with `engine`; fails when fontconfig has no font that draws Latin text.
    init(engine: TextEngine, scale: Double) throws {
        self.engine = engine
        self.scale = scale
        guard engine.layout("FloatApp", size: 13, scale: 1).unknownGlyphs == 0 else { throw AppError.noFont }
    }

    /// Lays text out at `scale` from now on; the widths measured before are forgotten.
    func reopen(scale: Double) {
        self.scale = scale
        widths.removeAll()
    }

    /// A style to measure and place lines with.
    func font(_ size: Int32, bold: Bool = false) -> Font { Font(fonts: self, size: size, bold: bold) }

    /// A style's line box at the current scale.
    func lineBox(_ size: Int32, bold: Bool) -> LineBox {
        engine.lineBox(size: Int(size), weight: bold ? .bold : .regular, scale: scale)
    }

    /// Lays out one line at the current scale, shortened with an ellipsis to `maxWidth` pixels.
    func layout(_ text: String, size: Int32, bold: Bool, maxWidth: Int32? = nil) -> TextLine {
        let line = engine.layout(text, size: Int(size), weight: bold ? .bold : .regular, scale: scale,
                                 maxWidth: maxWidth.map { Int(max(0, $0)) })
        if line.unknownGlyphs > 0 { report(line) }
        return line
    }

    /// The width of `text` in pixels at the current scale.
    func width(of text: String, size: Int32, bold: Bool) -> Int {
        let key = LineKey(text: text, size: size, bold: bold)
        if let w = widths.value(for: key) { return w }
        let w = layout(text, size: size, bold: bold).width
        widths.insert(w, for: key, cost: 1)
        return w
    }

    /// Text widths in pixels in these fonts, for layout.
    var measure: TextMeasure {
        { text, style in self.width(of: text, size: Int32(style.size), bold: style.bold) }
    }

    /// The layout metrics at the current scale, with the fixed labels measured in these fonts.
    func metrics() -> UIMetrics {
        UIMetrics(scale: scale, measure: measure)
    }

    /// Logs, once per script, that no installed font has some of a line's characters.
    private func report(_ line: TextLine) {
        for script in line.missingScripts.sorted() where !reportedScripts.contains(script) {
            reportedScripts.insert(script)
            Log.warn(DesktopFailure.noFontForScript(script).words)
        }
    }
}
