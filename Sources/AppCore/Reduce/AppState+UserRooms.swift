import EngineTerms
import Localization
import Rooms

/// The rooms the user adds and deletes (R6): the root's side of the ``UserRooms`` child.
extension AppState {
    /// Routes an action to the user's rooms and maps their effects: the one place they become
    /// the app's.
    mutating func sendUserRooms(_ action: UserRooms.Action, now: Double) -> [AppEffect] {
        var effects: [AppEffect] = []
        for effect in userRooms.send(action) {
            switch effect {
            case .probe(let serial, let source, let title):
                // A stream may take seconds to answer: the user sees it is being added.
                showToast(Self.addingWords(title), now: now)
                effects.append(.probeSource(serial: serial, source: source))
            case .save(let change): effects.append(.saveUserRooms(change))
            case .notice(let notice):
                showToast(notice.words, now: now)
                effects += [.log(.warn, notice.words), .stats(.toast(notice.words))]
            case .rooms(let config):
                _ = opened.send(.keptInFile(Set(config.rooms.map(\.media))))
                effects += roomsReloaded(config, now: now)
            case .open(let id): effects += openListed(id, now: now)
            case .select(let id): select(id)
            case .offerUndo(let title, let until):
                let message = tr("Deleted “%s”", title)
                showToast(message, now: now, action: .undoDelete, until: until)
                effects.append(.stats(.toast(message)))
            case .withdrawUndo: toasts.removeAll { $0.action == .undoDelete }
            }
        }
        return effects
    }

    /// Items typed in the location field or pasted (R6): a network address or a file not listed
    /// yet, or listed only in the Opened section (handed over this run), is probed and saved to
    /// the user's rooms file, leaving Opened once saved; the others (links, playlists, refused
    /// items, a source the rooms files list already, and every item while nothing can be saved,
    /// the user told why) are opened as any item is.
    mutating func itemsToSave(_ items: [String], from origin: ItemOrigin, now: Double) -> [AppEffect] {
        guard userRooms.savesAdded else { return sendUserRooms(.add([]), now: now) + openItems(items, from: origin, now: now) }
        var sources: [AddedSource] = []
        var others: [String] = []
        let all = listedRooms
        for item in items {
            if case .source(let spec, let title)? = try? GivenItem.read(item, relativeTo: nil),
               Self.listItems([item], relativeTo: nil).lists.isEmpty {
                let same = all.filter { $0.media == .live(source: spec) }
                guard same.allSatisfy({ opened.item($0.id) != nil }) else {
                    others.append(item)
                    continue
                }
                sources.append(AddedSource(source: spec.text, fallbackTitle: same.first?.title ?? title))
            } else {
                others.append(item)
            }
        }
        return (others.isEmpty ? [] : openItems(others, from: origin, now: now)) + sendUserRooms(.add(sources), now: now)
    }

    /// The events of the user's rooms: a probe's answer, a save's answer.
    mutating func userRoomsEvent(_ event: AppEvent, now: Double) -> [AppEffect] {
        switch event {
        case .sourceProbed(let serial, let title):
            removeAddingToast(of: serial)
            return sendUserRooms(.probed(serial: serial, title: title, takenIDs: Set(listedRooms.lazy.map(\.id))), now: now)
        case .userRoomsSaved(let change, let result): return sendUserRooms(.saved(change, result, now: now), now: now)
        default: return []
        }
    }

    /// The probe answered: its “Adding” toast has said what it had to.
    private mutating func removeAddingToast(of serial: Int) {
        guard let added = userRooms.probing[serial] else { return }
        let message = Self.addingWords(added.fallbackTitle)
        toasts.removeAll { $0.message == message }
    }

    /// The toast while a source is probed.
    private static func addingWords(_ title: String) -> String { tr("Adding “%s”…", title) }

    /// Delete on the list's selected room: a room of the user's rooms file is deleted from it;
    /// the built-in rooms, a `--rooms` file's and a live server's are not the user's to delete.
    mutating func deleteSelected(now: Double) -> [AppEffect] {
        let shown = shownRooms
        guard shown.indices.contains(main.list.selected) else { return [] }
        let room = shown[main.list.selected]
        let inFile = userRooms.store == .userFile && roomsFile.rooms.contains { $0.id == room.id }
        return sendUserRooms(.deleteRequested(room.id, title: room.title, inFile: inFile), now: now)
    }

    /// Ctrl+Z or the toast's Undo: the room deleted last comes back.
    mutating func undoDelete(now: Double) -> [AppEffect] {
        sendUserRooms(.undoRequested(now: now), now: now)
    }

    /// Opens room `id` of the list, selecting its row when a search shows it.
    private mutating func openListed(_ id: RoomID, now: Double) -> [AppEffect] {
        let all = listedRooms
        guard let index = all.firstIndex(ofID: id) else { return [] }
        select(id)
        return send(.roomSelected(all[index]), now: now)
    }

    /// Selects room `id`'s row, when the list (or its search) shows it.
    private mutating func select(_ id: RoomID) {
        let shown = shownRooms
        guard let row = shown.firstIndex(where: { $0.id == id }) else { return }
        main.list = listLayout(shown).moveSelection(main.list, by: row - main.list.selected, rows: shown.count, height: main.height)
    }
}
