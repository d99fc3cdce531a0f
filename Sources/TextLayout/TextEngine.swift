internal import CPango

/// Lays out single lines of text in the desktop's installed fonts, for every script.
///
/// Pango does the work GTK relies on: it splits a string into runs by script and direction,
/// picks for each run a font that covers it through fontconfig (fallback), shapes each run
/// with HarfBuzz, orders the runs by the Unicode bidi algorithm and shortens a line that is
/// too wide with an ellipsis at a grapheme-cluster boundary on the paragraph's trailing side.
/// cairo draws the result, colour emoji included.
///
/// Not thread-safe: one engine belongs to one thread (the UI's).
public final class TextEngine {
    private struct FontKey: Hashable {
        let size: Int
        let weight: FontWeight
        let scale: Double
    }

    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let attributes: OpaquePointer?
    private var descriptions: [FontKey: OpaquePointer] = [:]
    private var lineBoxes: [FontKey: LineBox] = [:]
    /// The family asked of fontconfig; each run falls back from it to a font that covers it.
    public let family: String

    /// Creates an engine over the desktop's fonts. `fallback` false draws every character in
    /// the family's own font, boxes where it has none (what a per-font renderer does).
    /// `rightToLeft` is the UI's direction, which a line with no strong character (digits,
    /// punctuation) takes, as in GTK.
    public init(family: String = "sans-serif", fallback: Bool = true, rightToLeft: Bool = false) {
        self.family = family
        fontMap = UnsafeMutableRawPointer(pango_cairo_font_map_new()).assumingMemoryBound(to: PangoFontMap.self)
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_base_dir(context, rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        cairo_font_options_destroy(options)
        if fallback {
            attributes = nil
        } else {
            attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_fallback_new(0))
        }
    }

    deinit {
        for d in descriptions.values { pango_font_description_free(d) }
        if let attributes { pango_attr_list_unref(attributes) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Lays `text` out on one line at `size` unscaled pixels times `scale`; with `maxWidth`
    /// (device pixels) a wider line ends in an ellipsis on its paragraph's trailing side.
    ///
    /// Pango 1.50 cuts at the grapheme boundaries of an older Unicode, which split an Indic
    /// conjunct (U+0928 U+094D U+0926 is one cluster since Unicode 15.1): such a cut is made
    /// again, narrower, until the shown text ends on a cluster as Swift's `Character` has it.
    public func layout(_ text: String, size: Int, weight: FontWeight = .regular, scale: Double,
                       maxWidth: Int? = nil) -> TextLine {
        var line = line(text, size: size, weight: weight, scale: scale, maxWidth: maxWidth)
        while line.isEllipsized, !line.endsOnCluster, line.width > 0 {
            line = self.line(text, size: size, weight: weight, scale: scale, maxWidth: line.width - 1)
        }
        return line
    }

    private func line(_ text: String, size: Int, weight: FontWeight, scale: Double, maxWidth: Int?) -> TextLine {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, description(FontKey(size: size, weight: weight, scale: scale)))
        pango_layout_set_single_paragraph_mode(layout, 1)
        if let attributes { pango_layout_set_attributes(layout, attributes) }
        if let maxWidth {
            pango_layout_set_width(layout, Int32(max(0, maxWidth)) * floatapp_PANGO_SCALE())
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        let utf8 = Array(text.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
        return TextLine(layout: layout, text: text, utf8: utf8)
    }

    /// The line box of a style's primary font, for placing lines of that style.
    public func lineBox(size: Int, weight: FontWeight = .regular, scale: Double) -> LineBox {
        let key = FontKey(size: size, weight: weight, scale: scale)
        if let box = lineBoxes[key] { return box }
        let line = layout("A", size: size, weight: weight, scale: scale)
        let box = LineBox(height: line.height, baseline: line.baseline)
        lineBoxes[key] = box
        return box
    }

    private func description(_ key: FontKey) -> OpaquePointer {
        if let d = descriptions[key] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, family)
        pango_font_description_set_weight(d, key.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(d, Double(key.size) * key.scale * Double(floatapp_PANGO_SCALE()))
        descriptions[key] = d
        return d
    }
}
