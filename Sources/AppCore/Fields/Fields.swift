/// The main window's text fields (W11, W12) and its keyboard focus (X7), a child reducer of
/// ``AppState``: the list's search field, the location field while it is open, what has the
/// keyboard (a field or another control), a pointer press held in a field, and the search's
/// folded index. The root routes keys, typed text and the
/// pointer to it and maps its ``Effect``s in one place (`AppState.sendFields(_:now:)`).
public struct Fields: Equatable, Sendable {
    /// A field of the main window.
    public enum Name: Hashable, Sendable {
        /// The search field in the list's header.
        case search
        /// The location field, where a stream's URL, a file or an invite link is typed.
        case location
    }

    /// What has the keyboard (X7): a field, or a control reached with Tab named by its accessible
    /// object's id; nil when nothing was focused (the list's selected row takes the keys).
    public enum Focus: Hashable, Sendable {
        /// A text field.
        case field(Name)
        /// A button, the list or a slider, by its accessible id (`main/control:add`, `main/list`).
        case control(String)
    }

    /// What has the keyboard, if anything.
    public internal(set) var focus: Focus?
    /// The field that has the keyboard, if any.
    public var focused: Name? {
        if case .field(let name) = focus { name } else { nil }
    }
    /// The search field.
    public internal(set) var search: TextField
    /// The location field, while it is open.
    public internal(set) var location: TextField?
    /// Whether Space just pressed a control (X7): the text the same key types next is not typed
    /// into the field the control opened.
    var spacePressedControl = false
    /// The field a pointer press went down in, while the button is held.
    public internal(set) var held: Name?
    /// The last press in a field, to count double and triple clicks.
    var lastPress: Press?
    /// The search's folded index and its matches.
    public internal(set) var index = SearchIndex()
    /// Whether the app's language reads right to left: a new field's empty paragraph does.
    let rightToLeftUI: Bool

    /// A press in a field: when and where, and the how-manieth click in a row it was.
    struct Press: Equatable, Sendable {
        var time: Double
        var x: Int
        var y: Int
        var clicks: Int
    }

    /// The longest time between two presses of a double click, in seconds, and how far apart
    /// they may be, in unscaled pixels (GTK's defaults: 400 ms, 5 px).
    static let doubleClickTime = 0.4
    static let doubleClickDistance = 5

    /// No field focused and the search empty.
    public init(rightToLeftUI: Bool = false) {
        self.rightToLeftUI = rightToLeftUI
        search = TextField(rightToLeftUI: rightToLeftUI)
    }

    /// The field of this name, when it is open.
    public func field(_ name: Name) -> TextField? {
        switch name {
        case .search: search
        case .location: location
        }
    }

    /// What the fields are asked to do.
    public enum Action: Equatable, Sendable {
        /// Give this field the keyboard, opening the location field when closed; `selectAll`
        /// selects its text (Ctrl+F on a search already typed).
        case focus(Name, selectAll: Bool)
        /// No field has the keyboard any more (a click in the list).
        case blur
        /// The control with this accessible id takes the keyboard (Tab, X7).
        case focusControl(String)
        /// Something happened to this field.
        case edit(Name, TextField.Action)
        /// A pointer button went down in this field at time `time`, at (x, y) in unscaled
        /// window pixels: the clicks are counted, and the text index comes back as
        /// ``pressedAt(_:index:)``.
        case pressed(Name, x: Int, y: Int, time: Double)
        /// Where a press counted by ``pressed(_:x:y:time:)`` landed in the field's text.
        case pressedAt(Name, index: Int)
        /// The pointer button went up.
        case released
        /// Esc: the search is cleared, a second Esc leaves it; the location field closes.
        case escape
        /// Enter in the location field: its text is handed on and the field closes.
        case submit
    }

    /// What the root carries out for the fields.
    public enum Effect: Equatable, Sendable {
        /// A field's own effect (clipboard, primary selection, a cut paste, its text).
        case field(Name, TextField.Effect)
        /// The location field's text, trimmed and not empty, was submitted.
        case submitted(String)
    }

    /// Applies an action and returns the effects for the root to map, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .focus(let name, let selectAll):
            if name == .location, location == nil { location = TextField(rightToLeftUI: rightToLeftUI) }
            focus = .field(name)
            return selectAll ? edit(name, .keyPressed(.a, .ctrl)) : []
        case .blur:
            focus = nil
            return []
        case .focusControl(let id):
            focus = .control(id)
            return []
        case .edit(let name, let action):
            return edit(name, action)
        case .pressed(let name, let x, let y, let time):
            focus = .field(name)
            held = name
            let last = lastPress
            let near = last.map { abs($0.x - x) <= Self.doubleClickDistance && abs($0.y - y) <= Self.doubleClickDistance }
            let again = near == true && time - (last?.time ?? -.infinity) <= Self.doubleClickTime
            lastPress = Press(time: time, x: x, y: y, clicks: again ? (last?.clicks ?? 0) % 3 + 1 : 1)
            return []
        case .pressedAt(let name, let index):
            return edit(name, .pointerPressed(at: index, clicks: lastPress?.clicks ?? 1))
        case .released:
            defer { held = nil }
            return held.map { edit($0, .pointerReleased) } ?? []
        case .escape:
            return escape()
        case .submit:
            return submit()
        }
    }

    private mutating func edit(_ name: Name, _ action: TextField.Action) -> [Effect] {
        switch name {
        case .search:
            return search.send(action).map { .field(.search, $0) }
        case .location:
            guard var field = location else { return [] }
            defer { location = field }
            return field.send(action).map { .field(.location, $0) }
        }
    }

    private mutating func escape() -> [Effect] {
        switch focused {
        case .location:
            location = nil
            focus = nil
            return []
        case .search where !search.text.isEmpty || search.preedit != nil:
            let effects = search.send(.preeditChanged("", start: 0, length: 0)) + search.send(.keyPressed(.a, .ctrl))
                + search.send(.keyPressed(.backspace, .none))
            return effects.filter { if case .setPrimary = $0 { false } else { true } }.map { .field(.search, $0) }
        default:
            focus = nil
            return []
        }
    }

    private mutating func submit() -> [Effect] {
        guard let field = location else { return [] }
        let text = field.text.trimmingSpaces
        guard !text.isEmpty else { return [] }
        location = nil
        focus = nil
        return [.submitted(text)]
    }
}

extension String {
    /// The text without the spaces at its ends.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(characters[first...last])
    }
}
