internal import CPango

extension TextLine {
    /// Where a caret is drawn at one text index: its strong position, where text in the
    /// paragraph's direction typed there goes, and its weak one, where text in the other
    /// direction goes; they differ only where the direction changes.
    public struct Caret: Hashable, Sendable {
        /// The strong caret's x in pixels from the line's left.
        public let strong: Int
        /// The weak caret's x in pixels from the line's left.
        public let weak: Int
    }

    /// The caret at `index`, an offset in `Character`s of ``text`` (clamped to it), on a line
    /// laid out without `maxWidth`.
    public func caret(at index: Int) -> Caret {
        var strong = PangoRectangle(), weak = PangoRectangle()
        pango_layout_get_cursor_pos(layoutHandle, Int32(offsets.byteOffset(of: index)), &strong, &weak)
        return Caret(strong: pixels(strong.x - originX), weak: pixels(weak.x - originX))
    }

    /// The text index (an offset in `Character`s of ``text``) whose caret is nearest to `x`,
    /// pixels from the line's left: where a click at `x` puts the caret. Left of the line is
    /// its visual start (the text's start for left-to-right text, its end for right-to-left
    /// text), right of it its visual end.
    public func index(atX x: Int) -> Int {
        var byte: Int32 = 0, trailing: Int32 = 0
        let scale = Int32(floatapp_PANGO_SCALE())
        let clampedX = Int32(min(max(x, -1_000_000), 1_000_000))
        _ = pango_layout_xy_to_index(layoutHandle, clampedX * scale + originX, Int32(height) * scale / 2, &byte, &trailing)
        // Pango names the cluster under `x`; which of its edges is nearer is measured here,
        // as Pango splits a cluster of several characters (a ZWJ sequence) into equal parts
        // and its clusters can be smaller than Swift's (an Indic conjunct before Pango 1.52).
        let cluster = offsets.cluster(containing: Int(byte))
        let edges = [cluster, min(cluster + 1, offsets.count)]
        func distance(_ index: Int) -> Int {
            let caret = caret(at: index)
            return min(abs(caret.strong - x), abs(caret.weak - x))
        }
        return edges.min { distance($0) < distance($1) } ?? 0
    }

    /// The horizontal spans, in pixels from the line's left and from left to right, that the
    /// characters of `range` (offsets in `Character`s of ``text``) cover: one span for text in
    /// one direction, more where the range crosses a change of direction. What a selection's
    /// highlight and a preedit's underline are drawn over.
    public func xRanges(of range: Range<Int>) -> [Range<Int>] {
        guard !range.isEmpty, let line = pango_layout_get_line_readonly(layoutHandle, 0) else { return [] }
        var spans: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line, Int32(offsets.byteOffset(of: range.lowerBound)),
                                       Int32(offsets.byteOffset(of: range.upperBound)), &spans, &count)
        guard let spans else { return [] }
        defer { g_free(spans) }
        var merged: [Range<Int>] = []
        for i in 0..<Int(count) {
            let span = pixels(spans[2 * i] - originX)..<pixels(spans[2 * i + 1] - originX)
            if let last = merged.last, last.upperBound >= span.lowerBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else if !span.isEmpty {
                merged.append(span)
            }
        }
        return merged
    }

    /// The line's logical left edge, in Pango units.
    private var originX: Int32 {
        var logical = PangoRectangle()
        pango_layout_get_extents(layoutHandle, nil, &logical)
        return logical.x
    }

    /// Pango units as whole pixels, rounded.
    private func pixels(_ units: Int32) -> Int {
        Int((Double(units) / Double(floatapp_PANGO_SCALE())).rounded())
    }
}
