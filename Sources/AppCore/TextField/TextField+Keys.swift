extension TextField {
    /// A logical step of the caret: toward the text's end or its start.
    enum Step {
        case forward, backward
    }

    mutating func keyPressed(_ key: Key, _ modifiers: Modifiers) -> [Effect] {
        switch key {
        case .left, .right:
            // In a right-to-left paragraph the text's start is on the right: Left goes forward.
            let forward = (key == .right) != isRightToLeft
            step(forward ? .forward : .backward, byWord: modifiers.ctrl, extending: modifiers.shift)
        case .home:
            moveFocus(to: 0, extending: modifiers.shift)
        case .end:
            moveFocus(to: text.count, extending: modifiers.shift)
        case .backspace:
            delete(selection.isEmpty ? target(of: .backward, byWord: modifiers.ctrl)..<focus : selection)
        case .delete:
            delete(selection.isEmpty ? focus..<target(of: .forward, byWord: modifiers.ctrl) : selection)
        case .a, .c, .x, .v, .y, .z:
            guard modifiers.ctrl else { return [] }
            return shortcut(key, shift: modifiers.shift)
        }
        return []
    }

    private mutating func shortcut(_ key: Key, shift: Bool) -> [Effect] {
        switch key {
        case .a:
            anchor = 0
            focus = text.count
        case .c:
            return selection.isEmpty ? [] : [.copy(selectedText)]
        case .x:
            guard !selection.isEmpty else { return [] }
            let cut = selectedText
            delete(selection)
            return [.copy(cut)]
        case .v:
            return [.requestClipboard]
        case .y:
            redo()
        case .z:
            if shift { redo() } else { undo() }
        default:
            break
        }
        return []
    }

    /// Moves the caret one cluster or word in `direction`; without `extending`, a selection
    /// collapses instead to its end on that side (a word step collapses and moves on).
    private mutating func step(_ direction: Step, byWord: Bool, extending: Bool) {
        if !extending, !byWord, !selection.isEmpty {
            moveCaret(to: direction == .forward ? selection.upperBound : selection.lowerBound)
            return
        }
        moveFocus(to: target(of: direction, byWord: byWord), extending: extending)
    }

    /// Where a step from the caret in `direction` lands: the next cluster boundary, or the end
    /// of the next word going forward and the start of the previous one going backward.
    private func target(of direction: Step, byWord: Bool) -> Int {
        switch (direction, byWord) {
        case (.forward, false): min(focus + 1, text.count)
        case (.backward, false): max(focus - 1, 0)
        case (.forward, true): WordBoundaries(Array(text)).wordEnd(after: focus)
        case (.backward, true): WordBoundaries(Array(text)).wordStart(before: focus)
        }
    }

    /// Moves the caret to `index`, extending the selection from its anchor or collapsing it.
    private mutating func moveFocus(to index: Int, extending: Bool) {
        if extending { focus = index } else { moveCaret(to: index) }
    }
}
