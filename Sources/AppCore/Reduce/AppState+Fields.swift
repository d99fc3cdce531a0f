import Localization
import Rooms

/// The main window's text fields (the ``Fields`` child): keys, typed and composed text, the
/// pointer and pasted text routed to them, the one place their effects become the app's, and
/// the list filtered by the search (W11, W12).
extension AppState {
    /// The list's rooms the search finds, in the list's order: all of them when nothing is
    /// searched. The rows, the selection, the pointer and the keys work on these.
    public var shownRooms: ShownRooms { ShownRooms(listed: listedRooms, matches: fields.index.matches) }

    /// Whether the shell should take text from the keyboard and the input method now
    /// (`SDL_StartTextInput`): while the main window shows the list, where typing searches, and
    /// no call link's question is asked over it. A room's view takes its keys as shortcuts,
    /// which an input method must not compose.
    public var wantsTextInput: Bool {
        guard session.mainWindow.presence == .shown, callLinks.asking == nil, case .list = session.mainWindow.content
        else { return false }
        return true
    }

    /// Routes an action to the fields and maps their effects.
    mutating func sendFields(_ action: Fields.Action, now: Double) -> [AppEffect] {
        fields.send(action).flatMap { effect -> [AppEffect] in
            switch effect {
            case .field(_, .copy(let text)): return [.setClipboard(text)]
            case .field(_, .setPrimary(let text)): return [.setPrimarySelection(text)]
            case .field(let name, .requestClipboard): return [.readClipboard(.field(name))]
            case .field(let name, .requestPrimary): return [.readPrimarySelection(.field(name))]
            case .field(_, .truncated(let limit)):
                showToast(tr("Only the first %d bytes fit in the field", limit), now: now)
                return []
            case .field(.search, .textChanged):
                refreshSearch(keeping: selectedSearchResult)
                return []
            // The painter puts the input method's window beside the caret it draws.
            case .field(_, .textChanged), .field(_, .inputMethodCaret): return []
            case .submitted(let text): return itemsGiven([text], from: .locationField, now: now)
            }
        }
    }

    /// Whether a field of `window` has the keyboard: one is focused and the list shows.
    func fieldHasKeyboard(_ window: WindowKind) -> Bool {
        guard window == .main, fields.focused != nil, case .list = session.mainWindow.content else { return false }
        return true
    }

    /// Whether a key's auto-repeat is acted on by the focused field (Backspace held deletes on).
    func fieldTakesRepeat(_ key: Key, window: WindowKind) -> Bool {
        fieldHasKeyboard(window) && key != .escape && key != .enter
    }

    /// A key in the list: Ctrl+F and Ctrl+L focus the search and the location field, Ctrl+V
    /// with no field focused pastes items; with a field focused, its keys go to it, and the
    /// search leaves Up, Down, Page Up, Page Down and Enter to the list's results. Nil when the
    /// list handles the key itself.
    mutating func fieldKey(_ key: Key, ctrl: Bool, shift: Bool, now: Double) -> [AppEffect]? {
        if ctrl, key == .letter("f") { return sendFields(.focus(.search, selectAll: true), now: now) }
        if ctrl, key == .letter("l") { return sendFields(.focus(.location, selectAll: true), now: now) }
        guard let name = fields.focused else {
            if ctrl, key == .letter("v") { return [.readClipboard(.list)] }
            guard key == .escape, !fields.search.text.isEmpty else { return nil }
            // Esc in the list clears a search left typed.
            return sendFields(.focus(.search, selectAll: false), now: now) + sendFields(.escape, now: now)
                + sendFields(.blur, now: now)
        }
        switch key {
        case .escape: return sendFields(.escape, now: now)
        case .enter where name == .location: return sendFields(.submit, now: now)
        case .up, .down, .pageUp, .pageDown, .enter: return name == .search ? nil : []
        default:
            guard let fieldKey = TextField.Key(key, ctrl: ctrl) else { return [] }
            return sendFields(.edit(name, .keyPressed(fieldKey, .init(shift: shift, ctrl: ctrl))), now: now)
        }
    }

    /// Typed and composed text, a middle click, a field's text index found by the shell and
    /// pasted text.
    mutating func fieldEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        guard wantsTextInput else { return [] }
        switch event {
        case .textTyped(let text, .main):
            if fields.spacePressedControl, text == " " {
                fields.spacePressedControl = false
                return []
            }
            // Typing in the list starts a search; a space (which opens the selected room) does not.
            guard let name = fields.focused ?? (text.first?.isWhitespace == false ? .search : nil) else { return [] }
            return focusing(name, now: now) + sendFields(.edit(name, .typed(text)), now: now)
        case .textEdited(let text, let start, let length, .main):
            guard let name = fields.focused ?? (text.isEmpty ? nil : .search) else { return [] }
            return focusing(name, now: now) + sendFields(.edit(name, .preeditChanged(text, start: start, length: length)), now: now)
        case .middlePressed(.main, let x, let y):
            guard let name = fieldHit(x, y) else { return [] }
            return focusing(name, now: now) + [.locateInField(name, x: x, .middle)]
        case .fieldIndexFound(let name, let index, let pointer):
            switch pointer {
            case .press: return sendFields(.pressedAt(name, index: index), now: now)
            case .drag: return sendFields(.edit(name, .pointerDragged(to: index)), now: now)
            case .middle: return sendFields(.edit(name, .middleClicked(at: index)), now: now)
            }
        case .textPasted(let text, let source, .field(let name)):
            return sendFields(.edit(name, .textArrived(text, from: source)), now: now)
        case .textPasted(let text, _, .list):
            return pastedItems(text, now: now)
        default:
            return []
        }
    }

    private mutating func focusing(_ name: Fields.Name, now: Double) -> [AppEffect] {
        fields.focused == name ? [] : sendFields(.focus(name, selectAll: false), now: now)
    }

    /// A press in the list: in a field it places the caret there (the shell finds the text
    /// index); on the add button it opens the location field, or closes it when open; elsewhere
    /// in the header it does nothing. Nil below the header, where the rows take the press and
    /// the focused field loses the keyboard.
    mutating func headerPressed(_ x: Int, _ y: Int, now: Double) -> [AppEffect]? {
        if let name = fieldHit(x, y) {
            return sendFields(.pressed(name, x: x, y: y, time: now), now: now) + [.locateInField(name, x: x, .press)]
        }
        if listHeader().parts.add.contains(x, y) { return addButtonClicked(now: now) }
        guard y >= environment.metrics.px(ListLayout.headerHeight) else { return [] }
        if fields.focused != nil { _ = sendFields(.blur, now: now) }
        return nil
    }

    /// The add button opens the location field, or closes it when open (W12).
    mutating func addButtonClicked(now: Double) -> [AppEffect] {
        let wasOpen = fields.location != nil
        let effects = sendFields(.focus(.location, selectAll: false), now: now)
        return wasOpen ? effects + sendFields(.escape, now: now) : effects
    }

    /// The field under a point in the header.
    private func fieldHit(_ x: Int, _ y: Int) -> Fields.Name? {
        let header = listHeader()
        guard header.parts.field.contains(x, y) else { return nil }
        return fields.location != nil ? .location : .search
    }

    /// Pasted text in the list (Ctrl+V with no field focused): each non-empty line, trimmed, is
    /// an item to open, up to ``pasteLimit`` bytes and ``pasteItemLimit`` items; more is refused
    /// whole, with words.
    private mutating func pastedItems(_ text: String, now: Double) -> [AppEffect] {
        guard text.utf8.count <= Self.pasteLimit else {
            showToast(tr("The clipboard holds more than %d KiB; nothing was added", Self.pasteLimit / 1024), now: now)
            return []
        }
        let items = text.split(whereSeparator: \.isNewline).map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        guard items.count <= Self.pasteItemLimit else {
            showToast(tr("The clipboard holds more than %d lines; nothing was added", Self.pasteItemLimit), now: now)
            return []
        }
        guard !items.isEmpty else {
            showToast(tr("The clipboard holds no text to open"), now: now)
            return []
        }
        return itemsGiven(items, from: .paste, now: now)
    }

    /// The most bytes of pasted text the list reads as items (64 KiB), and the most items.
    public static let pasteLimit = 64 * 1024
    public static let pasteItemLimit = 100

    /// The selected row's room while a search filters the list: kept selected when the results change.
    var selectedSearchResult: RoomID? {
        // Asked before every event: without a search, the shown rooms are not listed for it.
        guard fields.index.matches != nil else { return nil }
        let shown = shownRooms
        guard shown.indices.contains(main.list.selected) else { return nil }
        return shown[main.list.selected].id
    }

    /// Brings the search's results up to date with the list and the query; when they changed, the
    /// room selected before stays selected (`keeping`), else the first result, scrolled into view.
    mutating func refreshSearch(keeping selected: RoomID?) {
        let before = fields.index.matches
        // Taken out while it changes, so its folded texts are not copied.
        var index = fields.index
        fields.index = SearchIndex()
        let opened = self.opened
        let changed = index.update(query: fields.search.text, listed: { listedRooms }) { room in
            Self.searchedText(room, given: opened.item(room.id)?.given)
        }
        fields.index = index
        guard changed || (before == nil) != (fields.index.matches == nil) else { return }
        let shown = shownRooms
        main.list.selected = selected.flatMap { id in shown.firstIndex { $0.id == id } } ?? 0
        main.list.hovered = nil
        main.list = listLayout(shown).moveSelection(main.list, by: 0, rows: shown.count, height: main.height)
    }

    /// What the search looks through in a room: its title, its row's detail (the address an
    /// opened item was `given` as, else what the room is, not a live stream's changing figures)
    /// and its participants' names, one a line.
    static func searchedText(_ room: Room, given: String? = nil) -> String {
        var lines = [room.title, given ?? about(room, people: nil).words]
        if case .call(let participants) = room.media { lines += participants.map(\.name) }
        return lines.joined(separator: "\n")
    }
}

extension TextField.Key {
    /// The field's key for a key of the app; a letter counts only with Ctrl.
    init?(_ key: Key, ctrl: Bool) {
        switch key {
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .backspace: self = .backspace
        case .delete: self = .delete
        case .letter(let letter) where ctrl:
            switch letter {
            case "a": self = .a
            case "c": self = .c
            case "x": self = .x
            case "v": self = .v
            case "y": self = .y
            case "z": self = .z
            default: return nil
            }
        default: return nil
        }
    }
}

/// The list's rooms as shown (W11): all the listed ones, or the search's results among them, in
/// the list's order. Nothing is copied: a result is read from the list by its index there.
public struct ShownRooms: RandomAccessCollection, Sendable {
    /// The whole list.
    public let listed: ListedRooms
    /// The results' indices in the list; nil when nothing is searched.
    let matches: [Int]?

    public var startIndex: Int { 0 }
    public var endIndex: Int { matches?.count ?? listed.count }

    /// The room of shown row `index`.
    public subscript(index: Int) -> Room { listed[matches.map { $0[index] } ?? index] }

    /// Whether a search filters the list.
    public var isSearch: Bool { matches != nil }

    /// Where the list's sections start: a search's results have none.
    public var sectionStarts: [Int] { isSearch ? [] : listed.sectionStarts }
}
