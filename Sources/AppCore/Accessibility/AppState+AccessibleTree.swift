import AccessibleTree
import EngineTerms
import Localization
import Session

/// The accessible tree (X7): what a screen reader is told of the windows, derived from the same
/// view models the windows are painted from, so every object's extents are where it is painted.
extension AppState {
    /// The application, its main window and float as frames, and what each shows at `now`:
    /// the list's rows (the selected one focused), a room's controls, tiles and status, the
    /// float's controls and the toasts. `measure` is the painter's, so what is laid out by its
    /// text (a toast's pill, a status) is where it is painted; the list's header is laid out as
    /// the painter and the hit tests lay it out, by the room count the shell measured.
    /// `active` is the window that has the keyboard (nil: neither); see ``activating(_:_:)``.
    public func accessibleTree(now: Double, measure: TextMeasure? = nil, active: WindowKind? = .main) -> AccessibleTree {
        let views = PaintedViews(self, now: now)
        var frames: [AccessibleNode] = []
        if let main = views.main { frames.append(mainFrame(main, now: now, measure: measure)) }
        if let float = views.float { frames.append(floatFrame(float)) }
        let root = Self.focusing(AccessibleNode(id: "app", role: .application, name: "FloatApp", children: frames),
                                 focusedStop(now: now)?.id ?? focusedRoomPane)
        return AccessibleTree(root: Self.activating(root, active))
    }

    private func mainFrame(_ main: PaintedViews.MainWindow, now: Double, measure: TextMeasure?) -> AccessibleNode {
        var children: [AccessibleNode] = []
        if main.list != nil {
            let list = listViewModel(now: now)
            children += Self.headerNodes(list)
            children.append(Self.listNode(list, width: main.width, height: main.height))
        }
        if main.room != nil, let room = roomLayout(now: now, measure: measure) { children += Self.roomNodes(room) }
        if let question = main.callLink { children.append(Self.callLinkNode(question)) }
        var seen: [String: Int] = [:]
        for toast in toastLayout(now: now, measure: measure) {
            let n = seen[toast.message, default: 0]
            seen[toast.message] = n + 1
            var button: [AccessibleNode] = []
            if let action = toast.action, let rect = toast.button { button = [Self.button(Self.toastButtonStop, action.label, rect)] }
            children.append(AccessibleNode(id: "toast:\(n):" + toast.message, role: .notification, name: toast.message,
                                           rect: toast.pill.accessible, attributes: ["live": "polite"], children: button))
        }
        return AccessibleNode(id: "main", role: .frame, name: "FloatApp",
                              rect: PixelRect(0, 0, main.width, main.height).accessible, children: children)
    }

    /// The call-link question (W13) as a dialog named by its question, with its Cancel and Join.
    private static func callLinkNode(_ question: CallLinkViewModel) -> AccessibleNode {
        AccessibleNode(id: "main/calllink", role: .dialog, name: question.heading.text,
                       description: question.lines.map(\.text).joined(separator: ", "), rect: question.box.accessible,
                       children: [button(callLinkCancelStop, question.cancel.text, question.cancel.rect),
                                  button(callLinkJoinStop, question.join.text, question.join.rect)])
    }

    private static func button(_ id: String, _ name: String, _ rect: PixelRect) -> AccessibleNode {
        AccessibleNode(id: id, role: .pushButton, name: name, states: AccessibleNode.shown.union([.focusable]),
                       rect: rect.accessible, clickable: true)
    }

    /// `root` with its active frame marked: while the app has the keyboard (`active`), the frame
    /// that holds the focused object (the float's after F6), else `active`'s. Only in the active
    /// frame does an object have focus, as a toolkit's widget has focus only in the active
    /// window: a screen reader follows focus in the active window alone (Orca does).
    private static func activating(_ root: AccessibleNode, _ active: WindowKind?) -> AccessibleNode {
        var root = root
        let holder = root.children.first { $0.hasFocusWithin }?.id ?? (active == .float ? "float" : "main")
        root.children = root.children.map { $0.activated(active != nil && $0.id == holder) }
        return root
    }

    /// `node` with the object of id `focused` focused (X7): a control given the keyboard with
    /// Tab. With nothing focused, or the list, the list's selected row has the focus.
    private static func focusing(_ node: AccessibleNode, _ focused: String?) -> AccessibleNode {
        var node = node
        let isRow = node.role == .listItem
        if isRow, node.states.contains(.focused), focused != nil, focused != listStop { node.states.remove(.focused) }
        // The list's stop is focused through its selected row.
        if node.id == focused, node.id != listStop { node.states.insert(.focused) }
        node.children = node.children.map { focusing($0, focused) }
        return node
    }

    private static func listNode(_ list: ListViewModel, width: Int, height: Int) -> AccessibleNode {
        let rows = list.rows.map { row in
            var states = AccessibleNode.shown.union([.selectable, .focusable])
            if row.isSelected { states.insert(.selected) }
            // The selected row has the keyboard unless a field in the header has it.
            if row.isSelected, !list.field.isFocused { states.insert(.focused) }
            // TRANSLATORS: a room's description for screen readers: its subtitle, then its status.
            let description = row.spokenDetail.isEmpty ? row.status.label
                : tr("%1$s, %2$s", row.spokenDetail, row.status.label)
            return AccessibleNode(id: AccessibleTarget.room(row.id).id, role: .listItem, name: row.title,
                                  description: description, states: states, rect: row.rect.accessible, clickable: true)
        }
        let area = PixelRect(0, list.headerHeight, width, max(0, height - list.headerHeight))
        return AccessibleNode(id: "main/list", role: .list, name: tr("Rooms"), description: list.countLabel,
                              rect: area.accessible, children: rows)
    }

    /// The header's field (the search, or the location field while open) and its add button.
    private static func headerNodes(_ list: ListViewModel) -> [AccessibleNode] {
        let field = list.field
        var states = AccessibleNode.shown.union([.focusable, .editable, .singleLine])
        if field.isFocused { states.insert(.focused) }
        let text = AccessibleText(field.text, characterCaret: field.caret, characterSelection: field.selection)
        var add = AccessibleNode.shown.union([.focusable])
        if list.locationOpen { add.formUnion([.checkable, .checked]) }
        return [
            AccessibleNode(id: AccessibleTarget.field(field.name).id, role: .entry, name: field.placeholder, states: states,
                           rect: field.rect.accessible, text: text),
            AccessibleNode(id: AccessibleTarget.addButton.id, role: .toggleButton, name: AccessibleTarget.addButton.name(nil),
                           states: add, rect: list.addButton.accessible, clickable: true),
        ]
    }

    private static func roomNodes(_ room: RoomViewModel) -> [AccessibleNode] {
        // The pane the keyboard lands on when the room opens: a screen reader says its title and status.
        var nodes = [AccessibleNode(id: roomPaneStop, role: .panel, name: room.title, description: room.status.accessibleWords,
                                    states: AccessibleNode.shown.union([.focusable]), rect: room.stage.accessible)]
        if !room.isCall {
            nodes.append(AccessibleNode(id: "main/status", role: .label, name: room.status.accessibleWords,
                                        rect: room.stage.accessible, attributes: ["live": "polite"]))
        }
        for tile in room.tiles where room.participants.indices.contains(tile.index) {
            let person = room.participants[tile.index], muted = tile.mutedMarker != nil
            // TRANSLATORS: a call tile's states for screen readers.
            let words = [muted ? tr("Muted") : nil, person.isSpeaking ? tr("Speaking") : nil].compactMap { $0 }
            nodes.append(AccessibleNode(
                id: "main/tile:\(tile.index)", role: .panel, name: person.name,
                description: ([person.status.accessibleWords] + words).joined(separator: ", "), rect: tile.rect.accessible,
                attributes: ["muted": muted ? "true" : "false", "speaking": person.isSpeaking ? "true" : "false"]))
        }
        let shown: Set<AccessibleState> = room.controlsVisible ? AccessibleNode.shown : [.enabled, .sensitive]
        for control in room.controls {
            let target = AccessibleTarget.roomControl(control.target)
            var states = shown.union([.focusable])
            if target.isChecked(room) { states.formUnion([.checkable, .checked]) }
            nodes.append(AccessibleNode(id: target.id, role: target.role, name: target.name(room), states: states,
                                        rect: control.rect.accessible, clickable: true))
        }
        return nodes
    }

    private func floatFrame(_ float: PaintedViews.FloatWindow) -> AccessibleNode {
        let title = room(float.room)?.title ?? ""
        let buttons = float.view.buttons.map { control in
            let target = AccessibleTarget.floatControl(control.target)
            var states = AccessibleNode.shown.union([.focusable])
            if control.target == .mute, float.view.microphoneMuted ?? float.view.muted { states.formUnion([.checkable, .checked]) }
            return AccessibleNode(id: target.id, role: target.role, name: target.name(nil), states: states,
                                  rect: control.rect.accessible, clickable: true)
        }
        return AccessibleNode(id: "float", role: .frame, name: tr("%s - PiP", title),
                              rect: PixelRect(0, 0, float.width, float.height).accessible, children: buttons)
    }
}

extension AccessibleNode {
    /// The states of an object painted in a window that shows.
    static let shown: Set<AccessibleState> = [.enabled, .sensitive, .visible, .showing]

    /// This frame as its window is: with the keyboard it is `active`; without it nothing in it
    /// is `focused`.
    func activated(_ active: Bool) -> AccessibleNode {
        var frame = self
        if active {
            frame.states.insert(.active)
        } else {
            frame.children = children.map { $0.unfocused() }
        }
        return frame
    }

    var hasFocusWithin: Bool { states.contains(.focused) || children.contains { $0.hasFocusWithin } }

    private func unfocused() -> AccessibleNode {
        var node = self
        node.states.remove(.focused)
        node.children = children.map { $0.unfocused() }
        return node
    }
}

extension PixelRect {
    /// This rectangle in the accessible tree's terms.
    var accessible: AccessibleRect { AccessibleRect(x: x, y: y, width: w, height: h) }
}

extension PlaybackStatus {
    /// The status in the room list's words, without a countdown that would be announced anew
    /// every second.
    var accessibleWords: String {
        switch self {
        case .idle: RoomRowModel.Status.idle.label
        case .connecting, .buffering: RoomRowModel.Status.connecting.label
        case .playing: RoomRowModel.Status.playing.label
        case .reconnecting: RoomRowModel.Status.reconnecting.label
        case .ended: RoomRowModel.Status.ended.label
        case .failed: RoomRowModel.Status.error.label
        }
    }
}
