import LiveDirectory
import Localization
import Rooms

/// A `floatapp://call?...` link opened (W13): the call's server becomes known, and the main
/// window asks before anything is joined or published.
extension AppState {
    /// A call link was opened: its server is added to the list unless it is there already,
    /// and the main window comes to the front asking whether to join; nothing is published
    /// until the user accepts.
    mutating func callLinkOpened(_ link: InviteLink, now: Double) -> [AppEffect] {
        guard case .call(let room, let title, let server) = link else { return [] }
        let (placed, isNew) = CallLinks.place(server, among: directory.sections.map(\.server))
        return sendCallLinks(.opened(room: room, title: title, server: placed, isNew: isNew), now: now)
    }

    /// Routes an action to the calls from links and maps their effects: the one place they
    /// become the app's.
    mutating func sendCallLinks(_ action: CallLinks.Action, now: Double) -> [AppEffect] {
        let asked = callLinks.asking
        var out: [AppEffect] = []
        for effect in callLinks.send(action) {
            switch effect {
            case .raise: out.append(raiseMainWindow())
            case .addServer(let server):
                let listed = listedRooms
                out += performDirectory(directory.send(.addServer(server)), now: now) + listChanged(from: listed, now: now)
            case .join(let room, let title, let serverID): out += joinLinkedCall(room, title: title, serverID: serverID, now: now)
            case .log(let level, let message): out.append(.log(level, message))
            }
        }
        return callLinkStats(action, asked: asked) + out
    }

    /// The stats log's line of an action that asked, or answered the question `asked`.
    private func callLinkStats(_ action: CallLinks.Action, asked: CallLinks.Question?) -> [AppEffect] {
        switch action {
        case .opened(let room, _, let server, _): [.stats(.callLink(room, server: server.id, phase: "asked"))]
        case .accept, .decline:
            asked.map { [.stats(.callLink($0.room, server: $0.server.id, phase: action == .accept ? "accepted" : "declined"))] } ?? []
        case .hover, .press: []
        }
    }

    /// The user accepted: the call is listed (even while nobody is in it) and opened like a
    /// row of the list, which joins it (W10).
    private mutating func joinLinkedCall(_ room: RoomID, title: String, serverID: String, now: Double) -> [AppEffect] {
        let listed = listedRooms
        _ = directory.send(.keepCall(room, title: title, serverID: serverID))
        var effects = listChanged(from: listed, now: now)
        let all = listedRooms
        guard let index = all.firstIndex(ofID: DirectoryCall.roomID(server: serverID, room: room)) else { return effects }
        main.list = listLayout(all).moveSelection(main.list, by: index - main.list.selected, rows: all.count, height: main.height)
        effects += send(.roomSelected(all[index]), now: now)
        return effects
    }

    /// A key while the confirmation shows: Enter joins, Esc declines, others do nothing.
    mutating func callLinkKey(_ key: Key, now: Double) -> [AppEffect] {
        switch key {
        case .enter: sendCallLinks(.accept, now: now)
        case .escape: sendCallLinks(.decline, now: now)
        default: []
        }
    }

    /// The pointer moved, went down or came up at (x, y) of the main window while the
    /// confirmation shows: a button is hovered, pressed, and clicked when it comes up on the
    /// button it went down on.
    mutating func callLinkPointer(_ phase: PointerPhase, _ x: Int, _ y: Int, now: Double) -> [AppEffect] {
        let button: CallLinkButton? = callLinkLayout()?.controls.hit(x, y)
        switch phase {
        case .moved: return sendCallLinks(.hover(button), now: now)
        case .pressed: return sendCallLinks(.press(button), now: now)
        case .released:
            let pressed = callLinks.pressed
            _ = callLinks.send(.press(nil))
            guard let button, button == pressed else { return [] }
            return sendCallLinks(button == .join ? .accept : .decline, now: now)
        }
    }

    /// Which way the pointer went in the main window.
    enum PointerPhase {
        case moved, pressed, released
    }
}
