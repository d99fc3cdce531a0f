import Localization
import Rooms
import Session

/// Items a person handed the app (R6): each becomes a room of the list's "Opened" section, or
/// finds the listed room of the same source; the first of a hand-over opens.
extension AppState {
    /// Items were handed over from `origin`. Typed in the location field or pasted, a network
    /// address or file is saved to the user's rooms file (``itemsToSave(_:from:now:)``); every
    /// other item is opened (``openItems(_:from:now:)``).
    mutating func itemsGiven(_ items: [String], from origin: ItemOrigin, now: Double) -> [AppEffect] {
        origin == .paste || origin == .locationField ? itemsToSave(items, from: origin, now: now)
            : openItems(items, from: origin, now: now)
    }

    /// Items become rooms of the Opened section: relative paths are read against the directory
    /// the app started in for the command line only.
    /// Playlists and rooms files among them add their rooms as sections (R7). Dropped on the
    /// float while a room floats, the first item floats instead of it.
    mutating func openItems(_ items: [String], from origin: ItemOrigin, now: Double) -> [AppEffect] {
        let directory = origin == .commandLine ? environment.currentDirectory : nil
        let (lists, rest) = Self.listItems(items, relativeTo: directory)
        var out: [AppEffect] = []
        for address in lists { out += sendPlaylists(.given(PlaylistReference(address: address), now: now), now: now) }
        guard !rest.isEmpty else { return out }
        let floatAs: PiPOrigin? = if origin == .commandLine && environment.floatGivenItem { .commandLine }
            else if origin == .drop(.float) && session.floatingRoomID != nil { .control } else { nil }
        let listed = listedRooms
        let effects = opened.send(.given(rest, relativeTo: directory, listed: Array(listed)))
        return out + listChanged(from: listed, now: now) + performOpened(effects, origin: origin, floatAs: floatAs, now: now)
    }

    /// A source of room `id` reported its stream's title: an opened room takes it.
    mutating func titleReported(_ id: RoomID, _ title: String, now: Double) -> [AppEffect] {
        let listed = listedRooms
        let effects = opened.send(.titleReported(id, title))
        guard !effects.isEmpty else { return [] }
        return listChanged(from: listed, now: now) + performOpened(effects, origin: nil, floatAs: nil, now: now)
    }

    /// The one place the opened items' effects become the app's; the first item floats as
    /// `floatAs` asks when it is given.
    private mutating func performOpened(_ effects: [OpenedItems.Effect], origin: ItemOrigin?, floatAs: PiPOrigin?,
                                        now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .added(let id, let title):
                out += [.log(.info, "\(id) added: \(title)"), .stats(.itemAdded(id, title: title, origin: origin?.name ?? ""))]
            case .refused(let item, let why):
                let message = tr("Cannot open “%1$s”: %2$s", item, why.words)
                showToast(message, now: now)
                out += [.log(.warn, message), .stats(.toast(message))]
            case .callLink(let link):
                out += callLinkOpened(link, now: now)
            case .leftOut(let count):
                let message = trn("%1$d item left out: at most %2$d open at once", "%1$d items left out: at most %2$d open at once",
                                  count, OpenedItems.maximumBatch)
                showToast(message, now: now)
                out += [.log(.warn, message), .stats(.toast(message))]
            case .open(let id):
                // The command line's `--open ROOM`, opened at start just before, wins over its items.
                guard origin != .commandLine || session.openRoomID == nil else { continue }
                out += openGiven(id, floatAs: floatAs, now: now)
            case .titled(let id, let title):
                out.append(.stats(.roomTitled(id, title: title)))
                if session.openRoomID == id { out += send(.directoryChanged(openRoom: room(id)), now: now) }
                if session.floatingRoomID == id { out.append(.retitleFloat(tr("%s - PiP", title))) }
            }
        }
        return out
    }

    /// Selects listed room `id` and opens it like a selection in the list (replacing the open
    /// room, releasing a floating one by the session's rules); `float` floats it then (the
    /// command line's `--float`, a drop on the float). A refused item's room is selected only:
    /// its row says why.
    private mutating func openGiven(_ id: RoomID, floatAs: PiPOrigin?, now: Double) -> [AppEffect] {
        let listed = listedRooms
        guard let index = listed.firstIndex(ofID: id) else { return [] }
        main.list = listLayout(listed).moveSelection(main.list, by: index - main.list.selected, rows: listed.count,
                                                     height: main.height)
        guard opened.item(id)?.refusal == nil else { return [] }
        var effects = send(.roomSelected(listed[index]), now: now)
        if let floatAs { effects += send(.pipRequested(origin: floatAs), now: now) }
        return effects
    }

    /// Opens a listed room the user picked (Enter, a click): a refused item's room only tells
    /// again why it opens nothing.
    mutating func listedRoomPicked(_ room: Room, now: Double) -> [AppEffect] {
        if let refusal = opened.item(room.id)?.refusal {
            let message = tr("Cannot open “%1$s”: %2$s", room.title, refusal.words)
            showToast(message, now: now)
            return [.stats(.toast(message))]
        }
        return send(.roomSelected(room), now: now)
    }
}
