extension TextField {
    /// Something that happened to the field. Indices are `Character` offsets in ``TextField/text``.
    public enum Action: Equatable, Sendable {
        /// Text was typed or committed by the input method (`SDL_TEXTINPUT`): it replaces the
        /// selection and the preedit ends.
        case typed(String)
        /// The input method's composition changed (`SDL_TEXTEDITING`): its text, and its cursor
        /// `start` and the `length` it is editing from there, counted in Unicode scalars as SDL
        /// counts them; empty text ends the composition.
        case preeditChanged(String, start: Int, length: Int)
        /// A key the field acts on went down (or repeated).
        case keyPressed(Key, Modifiers)
        /// A pointer button went down at a text index, the `clicks`-th click in a row: 1 places
        /// the caret, 2 selects the word there, 3 everything.
        case pointerPressed(at: Int, clicks: Int)
        /// The held pointer moved over this text index: the selection follows it.
        case pointerDragged(to: Int)
        /// The pointer button went up.
        case pointerReleased
        /// The middle button went down at a text index: paste the primary selection there (X11).
        case middleClicked(at: Int)
        /// Text asked for with ``Effect/requestClipboard`` or ``Effect/requestPrimary`` arrived.
        case textArrived(String, from: PasteSource)
    }

    /// The keys the field acts on; a letter acts only with Ctrl (typed letters arrive as
    /// ``Action/typed(_:)``).
    public enum Key: Equatable, Sendable {
        case left, right, home, end, backspace, delete
        /// Ctrl+A selects everything.
        case a
        /// Ctrl+C copies.
        case c
        /// Ctrl+X cuts.
        case x
        /// Ctrl+V pastes.
        case v
        /// Ctrl+Y redoes.
        case y
        /// Ctrl+Z undoes, Ctrl+Shift+Z redoes.
        case z
    }

    /// The modifier keys held with a key.
    public struct Modifiers: Equatable, Sendable {
        /// Shift: extend the selection (and Ctrl+Shift+Z redoes).
        public var shift: Bool
        /// Ctrl: step by words, and the letter shortcuts.
        public var ctrl: Bool

        /// Modifiers as held.
        public init(shift: Bool = false, ctrl: Bool = false) {
            self.shift = shift
            self.ctrl = ctrl
        }

        /// No modifier.
        public static let none = Modifiers()
        /// Shift alone.
        public static let shift = Modifiers(shift: true)
        /// Ctrl alone.
        public static let ctrl = Modifiers(ctrl: true)
        /// Ctrl and Shift.
        public static let ctrlShift = Modifiers(shift: true, ctrl: true)
    }

    /// Where pasted text came from.
    public enum PasteSource: Equatable, Sendable {
        /// The clipboard (Ctrl+V).
        case clipboard
        /// X11's primary selection (middle click).
        case primary
    }
}
