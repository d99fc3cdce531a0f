extension TextField {
    /// Text made fit for the field: the input up to the cluster that would take it over `room`
    /// bytes of UTF-8 (the rest is cut), with newlines and tabs made spaces and other control
    /// characters dropped. Only those `room` bytes are looked at, so a huge paste costs no more
    /// than a full field; what is kept is never longer than what was read.
    static func cleaned<Input: StringProtocol>(_ input: Input, room: Int) -> (text: String, wasCut: Bool) {
        var text = ""
        var read = 0
        for character in input {
            read += character.utf8.count
            if read > room { return (text, true) }
            if let fitting = fitting(character) { text.append(fitting) }
        }
        return (text, false)
    }

    /// What a character becomes in a one-line field: a space for a line or paragraph break or a
    /// tab, nothing for another control character, else itself.
    private static func fitting(_ character: Character) -> Character? {
        if character.isNewline || character == "\t" { return " " }
        if character.unicodeScalars.first?.properties.generalCategory == .control { return nil }
        return character
    }

    /// What kind of edit a step of the history is: a run of typing is one step.
    enum EditKind {
        case typing, paste
    }

    /// Replaces the selection with `input`, made fit and cut to the room left; the caret
    /// follows the insertion.
    mutating func insert(_ input: String, as kind: EditKind) -> [Effect] {
        let characters = Array(text)
        let range = selection
        let kept = String(characters[..<range.lowerBound]).utf8.count + String(characters[range.upperBound...]).utf8.count
        let (insertion, wasCut) = Self.cleaned(input, room: limit - kept)
        let effects: [Effect] = wasCut ? [.truncated(limit: limit)] : []
        guard !insertion.isEmpty || !range.isEmpty else { return effects }
        let continuesTyping = kind == .typing && history.typing && range.isEmpty
        if !continuesTyping { history.record(snapshot) }
        history.typing = kind == .typing
        let head = String(characters[..<range.lowerBound]) + insertion
        text = head + String(characters[range.upperBound...])
        moveCaret(to: min(head.count, text.count))
        return effects
    }

    /// Deletes `range` (an edit of its own in the history); the caret goes where it was.
    mutating func delete(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        history.record(snapshot)
        let characters = Array(text)
        text = String(characters[..<range.lowerBound]) + String(characters[range.upperBound...])
        moveCaret(to: min(range.lowerBound, text.count))
    }
}
