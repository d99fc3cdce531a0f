/// How far a field's line is scrolled so that the caret stays in view when the text is wider
/// than the field.
public enum TextFieldScroll {
    /// The scroll offset (how many pixels of the line lie left of the field) that keeps the
    /// caret, `caretWidth` wide at `caretX` on a line `lineWidth` wide, inside a field
    /// `fieldWidth` wide, moving as little as possible from `current`; never past either end
    /// of the line, so deleting text at the end brings the rest back into view. A line that
    /// fits is not scrolled (the painter aligns it to its paragraph's side).
    public static func offset(caretX: Int, lineWidth: Int, fieldWidth: Int, current: Int, caretWidth: Int = 1) -> Int {
        let most = max(0, lineWidth + caretWidth - fieldWidth)
        var offset = min(max(0, current), most)
        if caretX < offset { offset = caretX }
        if caretX + caretWidth > offset + fieldWidth { offset = caretX + caretWidth - fieldWidth }
        return min(max(0, offset), most)
    }
}
