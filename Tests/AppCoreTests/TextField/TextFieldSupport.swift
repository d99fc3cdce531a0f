@testable import AppCore
import TestSupport

/// The text field is stepped by `assertStep`: each step asserts its effects and the whole state.
extension TextField: Reducer {
    public mutating func reduce(_ action: Action) -> [Effect] {
        send(action)
    }
}

extension TextField {
    /// A field holding `text` with the selection from `anchor` to `focus` (the caret at the end
    /// when not given) and no history.
    static func at(_ text: String, _ anchor: Int? = nil, _ focus: Int? = nil, limit: Int = defaultLimit,
                   rightToLeftUI: Bool = false) -> TextField {
        var field = TextField(text: text, limit: limit, rightToLeftUI: rightToLeftUI)
        field.anchor = anchor ?? text.count
        field.focus = focus ?? field.anchor
        return field
    }

    /// Sets the text and the selection (the caret alone when `focus` is not given).
    mutating func set(_ text: String, _ anchor: Int, _ focus: Int? = nil) {
        self.text = text
        self.anchor = anchor
        self.focus = focus ?? anchor
    }
}

/// A point of the history: `text` with the selection from `anchor` to `focus`.
func snap(_ text: String, _ anchor: Int, _ focus: Int? = nil) -> TextField.Snapshot {
    TextField.Snapshot(text: text, anchor: anchor, focus: focus ?? anchor)
}

/// Key presses, as the shell sends them.
func key(_ key: TextField.Key, _ modifiers: TextField.Modifiers = .none) -> TextField.Action {
    .keyPressed(key, modifiers)
}
