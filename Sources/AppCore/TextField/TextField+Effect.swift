extension TextField {
    /// Work for the shell after an action.
    public enum Effect: Equatable, Sendable {
        /// Put this text on the clipboard (Ctrl+C, Ctrl+X).
        case copy(String)
        /// Offer this text as X11's primary selection: the selection changed and is not empty.
        case setPrimary(String)
        /// Ask for the clipboard's text; it comes back as ``Action/textArrived(_:from:)``.
        case requestClipboard
        /// Ask for the primary selection's text; it comes back as ``Action/textArrived(_:from:)``.
        case requestPrimary
        /// Typed or pasted text did not fit in ``TextField/limit`` bytes and was cut there
        /// (at a cluster boundary), for the shell to tell the user.
        case truncated(limit: Int)
        /// The text changed to this.
        case textChanged(String)
        /// The caret moved or the text around it changed: the input method's candidate window
        /// goes beside the caret at this index of ``TextField/shown``'s text
        /// (`SDL_SetTextInputRect`).
        case inputMethodCaret(Int)
    }
}
