extension TextField {
    /// The text and selection at one point of the history.
    public struct Snapshot: Equatable, Sendable {
        /// The text then.
        public var text: String
        /// The selection's anchor then.
        public var anchor: Int
        /// The caret then.
        public var focus: Int
    }

    /// Undo and redo: the states before each edit, and those undone. A run of typing (text typed
    /// one after another without moving the caret) is one step; a paste, a cut and each
    /// deletion are steps of their own.
    public struct History: Equatable, Sendable {
        /// The most steps kept; older ones are forgotten.
        public static let depth = 100

        /// The states to go back to, the last one first.
        public internal(set) var undo: [Snapshot] = []
        /// The states undone, the last one first.
        public internal(set) var redo: [Snapshot] = []
        /// Whether the last step is a run of typing that more typing joins.
        public internal(set) var typing = false

        /// Keeps `before` as the state a new edit undoes to; the undone steps are forgotten.
        mutating func record(_ before: Snapshot) {
            undo.append(before)
            if undo.count > Self.depth { undo.removeFirst(undo.count - Self.depth) }
            redo = []
        }
    }

    /// The text and selection now.
    var snapshot: Snapshot { Snapshot(text: text, anchor: anchor, focus: focus) }

    mutating func undo() {
        guard let back = history.undo.popLast() else { return }
        history.redo.append(snapshot)
        restore(back)
    }

    mutating func redo() {
        guard let forward = history.redo.popLast() else { return }
        history.undo.append(snapshot)
        restore(forward)
    }

    private mutating func restore(_ snapshot: Snapshot) {
        text = snapshot.text
        anchor = snapshot.anchor
        focus = snapshot.focus
    }
}
