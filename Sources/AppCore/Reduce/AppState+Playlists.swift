import Localization
import Rooms

/// The playlists as rooms sources (R7): reads asked of the shell, their rooms listed as
/// sections, the lines skipped told and logged.
extension AppState {
    /// Routes an action to the playlists and maps their effects: the one place they become
    /// the app's. A finished read changes the list, which the open room and the selection follow;
    /// a dropped `.m3u8` that is an HLS stream opens.
    mutating func sendPlaylists(_ action: Playlists.Action, now: Double) -> [AppEffect] {
        let before: ListedRooms? = if case .read = action { listedRooms } else { nil }
        var out: [AppEffect] = []
        var opensAfter: Room?
        for effect in playlists.send(action) {
            switch effect {
            case .read(let address, let serial):
                out.append(.readPlaylist(address, serial: serial))
            case .loaded(let rooms, let news):
                out.append(.log(.info, "playlist \(rooms.title): \(rooms.rooms.count) rooms, \(rooms.skippedLines) lines skipped"))
                out += rooms.problemWords.map { .log(.warn, "\(rooms.title):\($0.first?.isNumber == true ? "" : " ")\($0)") }
                guard news, rooms.skippedLines > 0 else { continue }
                showToast(tr("%1$s: %2$s", rooms.title, trn("%d line skipped", "%d lines skipped", rooms.skippedLines)), now: now)
            case .givenStream(let room):
                opensAfter = room
            case .replaced(let rooms):
                out.append(.releaseOffMainThread(rooms))
            case .failed(let address, let failure, let kept, let news):
                out += failure.words.map { .log(.warn, "\(address.text): \($0)") }
                guard news else { continue }
                let message = kept ? tr("%s could not be read again; its rooms stay", address.name)
                    : tr("%1$s could not be read: %2$s", address.name, failure.words.first ?? "")
                showToast(message, now: now)
            }
        }
        guard let before else { return out }
        out += listChanged(from: before, now: now)
        let listed = listedRooms
        guard let room = opensAfter, let index = listed.firstIndex(ofID: room.id) else { return out }
        main.list = listLayout(listed).moveSelection(main.list, by: index - main.list.selected, rows: listed.count,
                                                     height: main.height)
        return out + send(.roomSelected(room), now: now)
    }
}
