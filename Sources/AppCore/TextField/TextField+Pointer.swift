extension TextField {
    /// A pointer button held in the field: what its press selected, and by what unit a drag
    /// extends the selection.
    public struct Press: Equatable, Sendable {
        /// What a drag extends by.
        public enum Unit: Equatable, Sendable {
            case character, word, all
        }

        /// The unit, from the click count.
        public var unit: Unit
        /// What the press itself selected (a caret, a word, everything).
        public var origin: Range<Int>
    }

    mutating func pointerPressed(at index: Int, clicks: Int) {
        let index = clamped(index)
        switch clicks {
        case ...1:
            press = Press(unit: .character, origin: index..<index)
            moveCaret(to: index)
        case 2:
            let word = WordBoundaries(Array(text)).segment(at: index)
            press = Press(unit: .word, origin: word)
            anchor = word.lowerBound
            focus = word.upperBound
        default:
            press = Press(unit: .all, origin: 0..<text.count)
            anchor = 0
            focus = text.count
        }
    }

    /// Extends the selection from what the press selected to `index`, by the press's unit: a
    /// drag after a double click takes whole words, as text editors do.
    mutating func pointerDragged(to index: Int) {
        guard let press else { return }
        let index = clamped(index)
        let origin = clamped(press.origin.lowerBound)..<clamped(press.origin.upperBound)
        let reach: Range<Int>
        switch press.unit {
        case .character: reach = index..<index
        case .word: reach = WordBoundaries(Array(text)).segment(at: index)
        case .all: return
        }
        if reach.lowerBound < origin.lowerBound {
            anchor = origin.upperBound
            focus = reach.lowerBound
        } else {
            anchor = origin.lowerBound
            focus = max(reach.upperBound, origin.upperBound)
        }
    }
}
