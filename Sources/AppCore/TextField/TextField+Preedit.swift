extension TextField {
    /// The input method's composition: shown at the caret, underlined, until it is committed
    /// (as ``Action/typed(_:)``) or cancelled. Offsets are `Character`s of its text.
    public struct Preedit: Equatable, Sendable {
        /// What is being composed.
        public var text: String
        /// The composition's own cursor.
        public var cursor: Int
        /// How many characters from the cursor the input method is converting (its target clause).
        public var length: Int

        /// A composition of `text` with its cursor at `cursor`.
        public init(text: String, cursor: Int, length: Int = 0) {
            self.text = text
            self.cursor = cursor
            self.length = length
        }
    }

    /// The field as drawn: the text with the preedit at the caret, in the selection's place
    /// (which committing it replaces), and where the caret, selection and preedit are in it.
    public struct Shown: Equatable, Sendable {
        /// The text with the preedit in the selection's place (at the caret when none).
        public var text: String
        /// The caret's offset: the preedit's cursor while composing.
        public var caret: Int
        /// The selected offsets (empty at the caret while composing).
        public var selection: Range<Int>
        /// Where the preedit is, to be underlined.
        public var preedit: Range<Int>?
    }

    /// The field as drawn now.
    public var shown: Shown {
        guard let preedit else { return Shown(text: text, caret: focus, selection: selection, preedit: nil) }
        let characters = Array(text)
        let before = String(characters[..<selection.lowerBound])
        let head = before + preedit.text
        let whole = head + String(characters[selection.upperBound...])
        // A preedit that starts with a combining mark joins the cluster before it.
        let end = min(head.count, whole.count)
        let caret = min((before + String(Array(preedit.text)[..<preedit.cursor])).count, end)
        return Shown(text: whole, caret: caret, selection: caret..<caret, preedit: min(selection.lowerBound, end)..<end)
    }

    mutating func preeditChanged(_ composed: String, start: Int, length: Int) {
        let clean = Self.cleaned(composed, room: limit).text
        guard !clean.isEmpty else {
            preedit = nil
            return
        }
        let characters = Array(clean)
        let cursor = Self.characterOffset(ofScalar: start, in: characters)
        let end = Self.characterOffset(ofScalar: start + max(0, length), in: characters)
        preedit = Preedit(text: clean, cursor: cursor, length: max(0, end - cursor))
    }

    /// The `Character` offset holding the `scalar`-th Unicode scalar (rounded down to a
    /// cluster boundary), clamped to the text.
    static func characterOffset(ofScalar scalar: Int, in characters: [Character]) -> Int {
        var scalars = 0
        for (offset, character) in characters.enumerated() {
            scalars += character.unicodeScalars.count
            if scalars > scalar { return offset }
        }
        return characters.count
    }
}
