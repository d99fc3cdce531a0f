/// A text field as drawn (W11, W12): where it is, its text with the input method's composition
/// in it, the caret, the selection and the composition's span (offsets in `Character`s of
/// ``text``), and the placeholder shown while it is empty.
public struct TextFieldModel: Hashable, Sendable {
    /// Which field it is.
    public let name: Fields.Name
    /// Where it is drawn.
    public let rect: PixelRect
    /// The text with the composition at the caret (``TextField/shown``).
    public let text: String
    /// The caret.
    public let caret: Int
    /// The selected span, empty when nothing is selected.
    public let selection: Range<Int>
    /// The composition's span, underlined.
    public let preedit: Range<Int>?
    /// What the empty field shows, dimmed.
    public let placeholder: String
    /// Whether the field has the keyboard: only then are its caret and selection drawn.
    public let isFocused: Bool
    /// The style of the field's text.
    public static let style = TextStyle(size: 15)

    /// The model of `field` drawn in `rect`.
    public init(name: Fields.Name, rect: PixelRect, field: TextField, placeholder: String, isFocused: Bool) {
        let shown = field.shown
        self.name = name
        self.rect = rect
        text = shown.text
        caret = shown.caret
        selection = shown.selection
        preedit = shown.preedit
        self.placeholder = placeholder
        self.isFocused = isFocused
    }
}
