internal import CPango

/// One laid-out line: its measured size, its paragraph's direction, what of it is shown when
/// it was shortened, and whether every character found a font. ``render(_:)`` draws it.
public final class TextLine {
    /// The side of the line an ellipsis sits on.
    public enum Edge: Hashable, Sendable {
        case left, right
    }

    let layoutHandle: OpaquePointer
    /// The text as given.
    public let text: String
    /// Where the text's clusters start in its UTF-8, for the caret's geometry.
    private(set) lazy var offsets = ClusterOffsets(text)
    /// The logical width in pixels (at most the `maxWidth` it was laid out for).
    public let width: Int
    /// The logical height in pixels.
    public let height: Int
    /// The baseline's distance from the top of the logical box, in pixels.
    public let baseline: Int
    /// The paragraph's direction; a right-to-left line is aligned to the right of its box.
    public let direction: TextDirection
    /// Glyphs drawn as boxes because no installed font has their character
    /// (`pango_layout_get_unknown_glyphs_count`).
    public let unknownGlyphs: Int
    /// The ISO 15924 codes (`Arab`, `Hani`, ...) of the scripts of those characters.
    public let missingScripts: Set<String>
    /// The characters shown, in logical order, without the ellipsis: `text` itself unless
    /// the line was shortened.
    public let shownText: String
    /// Where the ellipsis is, when the line was shortened.
    public let ellipsis: Edge?

    init(layout: OpaquePointer, text: String, utf8: [UInt8]) {
        self.layoutHandle = layout
        self.text = text
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        width = Int(logical.width)
        height = Int(logical.height)
        baseline = Int(pango_layout_get_baseline(layout) / floatapp_PANGO_SCALE())
        let resolved = pango_layout_get_line_readonly(layout, 0).map { PangoDirection($0.pointee.resolved_dir) }
        direction = resolved == PANGO_DIRECTION_RTL ? .rightToLeft : .leftToRight
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        let runs = Self.runs(layout)
        var missing = Set<String>()
        var cut: Range<Int>?
        var ellipsisIndex = -1
        for (index, run) in runs.enumerated() {
            let item = run.pointee.item!
            if floatapp_item_is_ellipsis(item) != 0 {
                let start = Int(item.pointee.offset)
                cut = start..<(start + Int(item.pointee.length))
                ellipsisIndex = index
                continue
            }
            guard unknownGlyphs > 0, let glyphs = run.pointee.glyphs else { continue }
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[i].glyph
                guard floatapp_glyph_is_unknown(glyph) != 0, glyph != PangoGlyph.max else { continue }
                missing.insert(Self.scriptCode(of: glyph & 0x0FFF_FFFF))
            }
        }
        missingScripts = missing
        if let cut {
            shownText = String(decoding: utf8[..<cut.lowerBound] + utf8[cut.upperBound...], as: UTF8.self)
            ellipsis = ellipsisIndex == 0 && runs.count > 1 ? .left : .right
        } else {
            shownText = text
            ellipsis = nil
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layoutHandle))
    }

    /// Whether the shown text ends on a grapheme cluster of `text` (as Swift's `Character`s
    /// divide it).
    var endsOnCluster: Bool {
        let end = text.utf8.index(text.utf8.startIndex, offsetBy: shownText.utf8.count)
        return String.Index(end, within: text) != nil
    }

    /// Whether the line was shortened to fit.
    public var isEllipsized: Bool { ellipsis != nil }

    /// The x at which to draw the line in a box `boxWidth` wide starting at `boxX`: its
    /// paragraph's leading edge, as a GTK label aligns it (right for right-to-left text).
    public func alignedX(inBoxAt boxX: Int, width boxWidth: Int) -> Int {
        direction == .rightToLeft ? boxX + boxWidth - width : boxX
    }

    /// The line's runs in visual order, left to right.
    private static func runs(_ layout: OpaquePointer) -> [UnsafeMutablePointer<PangoGlyphItem>] {
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return [] }
        var runs: [UnsafeMutablePointer<PangoGlyphItem>] = []
        var node = line.pointee.runs
        while let n = node {
            if let data = n.pointee.data { runs.append(data.assumingMemoryBound(to: PangoGlyphItem.self)) }
            node = n.pointee.next
        }
        return runs
    }

    /// A character's script as its ISO 15924 code ("Zzzz" when unknown).
    private static func scriptCode(of scalar: UInt32) -> String {
        let tag = g_unicode_script_to_iso15924(g_unichar_get_script(scalar))
        guard tag != 0 else { return "Zzzz" }
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
