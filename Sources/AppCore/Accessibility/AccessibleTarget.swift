import AccessibleTree
import Localization
import Rooms
import Session

/// What an accessible object stands for when it can be clicked (AT-SPI `DoAction`): the object's
/// id names it, and ``AppEvent/accessibleClicked(_:)`` brings the id back to be found again.
enum AccessibleTarget: Equatable {
    case room(RoomID)
    case roomControl(RoomControl)
    case floatControl(FloatControl)
    /// The list header's add button, which opens the location field (W12).
    case addButton
    /// The list header's field (W11, W12).
    case field(Fields.Name)

    /// The object's id in the tree.
    var id: String {
        switch self {
        case .room(let id): "room:" + id
        case .roomControl(let control): "main/control:" + control.accessibleKey
        case .floatControl(let control): "float/control:\(control)"
        case .addButton: "main/control:add"
        case .field(let name): "main/field:\(name)"
        }
    }

    var role: AccessibleRole {
        switch self {
        case .room: .listItem
        case .field: .entry
        case .addButton: .toggleButton
        case .roomControl(.volume), .floatControl(.volume): .slider
        case .roomControl(.mute), .roomControl(.camera), .roomControl(.participants), .floatControl(.mute): .toggleButton
        case .roomControl, .floatControl: .pushButton
        }
    }

    /// Whether the toggle is on in `room`'s view: muted, camera on, the participant panel shown.
    func isChecked(_ room: RoomViewModel) -> Bool {
        switch self {
        case .roomControl(.mute): room.muted
        case .roomControl(.participants): room.panel != nil
        case .roomControl(.camera): room.buttons.first { $0.control == .camera }?.active ?? false
        default: false
        }
    }

    /// The control's translated name (`room` names a failed participant's Retry).
    func name(_ room: RoomViewModel?) -> String {
        switch self {
        case .room(let id): id
        case .field: ""
        case .addButton: tr("Add a room")
        // TRANSLATORS: the names screen readers say for the room view's and the float's buttons.
        case .roomControl(.pip): tr("Picture-in-picture")
        case .roomControl(.mute), .floatControl(.mute): tr("Mute")
        case .roomControl(.volume), .floatControl(.volume): tr("Volume")
        case .roomControl(.leave), .floatControl(.leave): ShellLabels.leave
        case .roomControl(.layout(let layout)): tr("Layout: %s", layout.title)
        case .roomControl(.participants): tr("Participants")
        case .roomControl(.retry): room?.overlay?.retryLabel ?? UIMetrics.retry
        case .roomControl(.retrySource(let i)):
            tr("Retry %s", room.flatMap { $0.participants.indices.contains(i) ? $0.participants[i].name : nil } ?? "")
        case .roomControl(.back): tr("Back to the list")
        case .roomControl(.goLive): tr("Go live")
        case .roomControl(.camera): tr("Camera")
        case .roomControl(.inviteLink): tr("Copy invite link")
        case .floatControl(.close): tr("Close")
        case .floatControl(.restore): tr("Back to the window")
        }
    }
}

extension RoomControl {
    /// The control's part of its accessible object's id.
    var accessibleKey: String {
        switch self {
        case .layout: "layout"
        case .retrySource(let i): "retry-\(i)"
        default: "\(self)"
        }
    }
}

extension AppState {
    /// What an assistive technology asked for: a click or a field's new text (X7).
    mutating func accessibleRequest(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case .accessibleClicked(let id): accessibleClicked(id, now: now)
        case .accessibleTextSet(let id, let text): accessibleTextSet(id, text, now: now)
        default: []
        }
    }

    /// Clicks the object with `id` as a pointer would (X7): a room's row selects and opens the
    /// room, a button (the call-link question's, a toast's Undo too) does what its click does;
    /// Space and Enter on a focused control come here as well. An id no longer shown does nothing.
    mutating func accessibleClicked(_ id: String, now: Double) -> [AppEffect] {
        if callLinks.asking != nil, id == Self.callLinkJoinStop || id == Self.callLinkCancelStop {
            return sendCallLinks(id == Self.callLinkJoinStop ? .accept : .decline, now: now)
        }
        if id == Self.toastButtonStop {
            switch toastLayout(now: now).compactMap(\.action).first {
            case .undoDelete: return undoDelete(now: now)
            case nil: return []
            }
        }
        if id.hasPrefix("room:") {
            let roomID = String(id.dropFirst("room:".count)), listed = listedRooms
            guard case .list = session.mainWindow.content,
                  let i = listed.firstIndex(ofID: roomID) else { return [] }
            main.list.selected = i
            return listedRoomPicked(listed[i], now: now)
        }
        if case .room(let roomID) = session.mainWindow.content,
           let control = roomLayout(now: now)?.controls.first(where: { AccessibleTarget.roomControl($0.target).id == id }) {
            return roomControlClicked(control.target, roomID, now: now)
        }
        if id == AccessibleTarget.addButton.id, case .list = session.mainWindow.content { return addButtonClicked(now: now) }
        let floatControls: [FloatControl] = [.close, .restore, .mute, .volume, .leave]
        if float.visible, let control = floatControls.first(where: { AccessibleTarget.floatControl($0).id == id }) {
            return floatControlClicked(control, now: now)
        }
        return []
    }

    /// Sets the text of the field with `id` (X7's EditableText): the field takes the keyboard
    /// and the text replaces all of it, as if typed.
    private mutating func accessibleTextSet(_ id: String, _ text: String, now: Double) -> [AppEffect] {
        guard case .list = session.mainWindow.content,
              let name = [Fields.Name.search, .location].first(where: { AccessibleTarget.field($0).id == id }) else { return [] }
        let focus = sendFields(.focus(name, selectAll: true), now: now)
        return focus + sendFields(.edit(name, text.isEmpty ? .keyPressed(.backspace, .none) : .typed(text)), now: now)
    }
}
