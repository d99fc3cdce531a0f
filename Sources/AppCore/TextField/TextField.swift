/// A one-line text field's model: the text, the caret and selection, the input method's
/// preedit and the undo history, changed only by ``send(_:)``, which answers ``Effect``s for
/// the shell (clipboard, primary selection, the input method's caret).
///
/// Indices are offsets in `Character`s (grapheme clusters, as Swift divides them): the caret
/// and the selection always sit between two clusters, so a step or a deletion never splits
/// 👩‍👩‍👧, an e with its combining accent, a Hangul syllable made of jamo or a flag. The layer
/// that draws the field converts them to its own offsets in one place. Arrow keys move in
/// logical order (through the text as it is stored), mirrored in a right-to-left paragraph.
///
/// The text holds at most ``limit`` bytes of UTF-8; control characters never enter it (newlines
/// and tabs become spaces: the field has one line).
public struct TextField: Equatable, Sendable {
    /// The default ``limit``: 8 KiB of UTF-8, room for any URL a user types or pastes and for
    /// any search, small enough that every edit's O(n) work stays far below a frame.
    public static let defaultLimit = 8192

    /// The text, without the preedit.
    public internal(set) var text: String
    /// Where a selection started (the end that stays put when it is extended).
    public internal(set) var anchor: Int
    /// The caret: the end of the selection that moves.
    public internal(set) var focus: Int
    /// The input method's composition, shown at the caret and not yet part of the text.
    public internal(set) var preedit: Preedit?
    /// The undo and redo steps.
    public internal(set) var history = History()
    /// A pointer button held down in the field, while it is.
    public internal(set) var press: Press?
    /// The most UTF-8 bytes the text holds.
    public let limit: Int
    /// Whether the app's language reads right to left: the direction of a paragraph without
    /// a strong character (empty, digits, punctuation).
    public let rightToLeftUI: Bool

    /// A field holding `text` (cleaned and cut as typed text is) with the caret at its end.
    public init(text: String = "", limit: Int = TextField.defaultLimit, rightToLeftUI: Bool = false) {
        self.limit = max(0, limit)
        self.rightToLeftUI = rightToLeftUI
        self.text = Self.cleaned(text, room: self.limit).text
        anchor = self.text.count
        focus = anchor
    }

    /// The selected offsets, in logical order; empty at the caret when nothing is selected.
    public var selection: Range<Int> { min(anchor, focus)..<max(anchor, focus) }

    /// The selected text.
    public var selectedText: String { String(Array(text)[selection]) }

    /// Whether the paragraph reads right to left: decided by its first strong character as
    /// the Unicode bidi algorithm finds a paragraph's level (and as the text layer lays it
    /// out), else by the app's language.
    public var isRightToLeft: Bool { ParagraphDirection.isRightToLeft(text) ?? rightToLeftUI }

    /// Applies one action and returns the effects for the shell, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        let before = (text: text, selection: selection, shown: shown)
        var effects = apply(action)
        if case .typed = action {} else if case .preeditChanged = action {} else { history.typing = false }
        if text != before.text { effects.append(.textChanged(text)) }
        if !selection.isEmpty, selection != before.selection || text != before.text {
            effects.append(.setPrimary(selectedText))
        }
        let after = shown
        if after.text != before.shown.text || after.caret != before.shown.caret {
            effects.append(.inputMethodCaret(after.caret))
        }
        return effects
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .typed(let typed):
            preedit = nil
            return insert(typed, as: .typing)
        case .preeditChanged(let text, let start, let length):
            preeditChanged(text, start: start, length: length)
            return []
        case .keyPressed(let key, let modifiers):
            guard preedit == nil else { return [] }
            return keyPressed(key, modifiers)
        case .pointerPressed(let index, let clicks):
            pointerPressed(at: index, clicks: clicks)
            return []
        case .pointerDragged(let index):
            pointerDragged(to: index)
            return []
        case .pointerReleased:
            press = nil
            return []
        case .middleClicked(let index):
            press = nil
            moveCaret(to: clamped(index))
            return [.requestPrimary]
        case .textArrived(let pasted, _):
            return insert(pasted, as: .paste)
        }
    }

    /// `index` within the text.
    func clamped(_ index: Int) -> Int { min(max(0, index), text.count) }

    /// Collapses the selection to a caret at `index`.
    mutating func moveCaret(to index: Int) {
        anchor = index
        focus = index
    }
}
