import LiveDirectory
import Localization
import Rooms

/// The live servers' sections (W8, M5): refreshes, their streams as rooms of the list,
/// a watched stream's quick return and a stream's end for good.
extension AppState {
    /// A refresh of server `serverID` finished.
    mutating func directoryFetched(_ serverID: String, serial: Int, _ result: Result<[LiveStreamInfo], DirectoryError>,
                                   now: Double) -> [AppEffect] {
        directoryReceived(.received(result, serverID: serverID, serial: serial, now: now), serverID: serverID, now: now)
    }

    /// A refresh of server `serverID` finished, as `received` tells the directory (a statistics
    /// page's streams, or a Janus server's calls).
    mutating func directoryReceived(_ received: LiveDirectory.Action, serverID: String, now: Double) -> [AppEffect] {
        let before = directory, listed = listedRooms
        let effects = directory.send(received)
        guard directory != before else { return [] }
        // Calls come and go without directory effects: their rooms follow every change.
        return performDirectory(effects, now: now) + listChanged(from: listed, now: now)
            + retryWatchedStream(on: serverID) + retryCall(on: serverID, before: before)
    }

    /// Time passes: refreshes that are due, streams gone for good, the list's clocks.
    mutating func directoryTicked(now: Double) -> [AppEffect] {
        let before = directory
        var effects = directory.send(.tick(now: now))
        if let (serverID, _) = watchedStreamReconnecting {
            // A watched stream that lost its server: look for its return twice a second.
            effects += directory.send(.refresh(serverID: serverID, now: now))
        }
        let out = reopenStuckStream(now: now)
        // Most ticks change nothing: the list is compared only when the directory changed.
        guard directory != before else { return out + performDirectory(effects, now: now) }
        var old = self
        old.directory = before
        return out + performDirectory(effects, now: now) + listChanged(from: old.listedRooms, now: now)
    }

    /// Seconds a watched stream that its server lists may stay Buffering (connected, no picture)
    /// before its playback is opened again: a player that joined while the publisher was
    /// reconnecting can wait for a picture that never comes. A slow connect is left alone.
    static let stuckAfter = 3.0

    /// Opens a stuck watched stream's playback again, keeping its sound settings.
    private mutating func reopenStuckStream(now: Double) -> [AppEffect] {
        guard let id = session.openRoomID, let stream = directory.stream(id), stream.goneSince == nil,
              let room = self.room(id), var open = rooms[id], now - open.statusSince >= Self.stuckAfter
        else { return [] }
        guard case .buffering = open.status else { return [] }
        open.statusSince = now
        open.opens = open.opens.map { _ in 0 }
        open.serials = open.serials.map { _ in nil }
        open.video = open.video.map { _ in nil }
        rooms[id] = open
        return [.log(.warn, "\(id) stayed \(open.status) while its server lists it: opening it again"),
                playbackEffect(room), .setAudio(id, muted: open.muted, volume: open.volume)]
    }

    /// The main window gained focus: every section refreshes (W8).
    mutating func directoryFocusGained(now: Double) -> [AppEffect] {
        let listed = listedRooms
        return performDirectory(directory.send(.focusGained(now: now)), now: now) + listChanged(from: listed, now: now)
    }

    /// The one place the directory's effects become the app's; the caller follows the list's
    /// change.
    mutating func performDirectory(_ effects: [DirectoryEffect], now: Double) -> [AppEffect] {
        var out: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .fetch(let serverID, let url, let serial):
                if let api = directory.section(serverID)?.server.janusAPI {
                    out.append(.fetchJanusCalls(serverID: serverID, api: api, serial: serial))
                } else {
                    out.append(.fetchDirectory(serverID: serverID, url: url, serial: serial))
                }
            case .appeared(let serverID, let stream):
                out += [.log(.info, "\(stream.name) is live on \(serverID)"),
                        .stats(.streamListed(stream.id, resolution: stream.info.resolution))]
            case .ended(let serverID, let stream):
                out += streamEnded(stream, serverID: serverID, now: now)
            }
        }
        return out
    }

    /// A stream gone for good (M5): an open room showing it is left, with a toast.
    private mutating func streamEnded(_ stream: DirectoryStream, serverID: String, now: Double) -> [AppEffect] {
        var effects: [AppEffect] = [.log(.info, "\(stream.name) ended on \(serverID)"), .stats(.streamEnded(stream.id))]
        guard session.openRoomID == stream.id else { return effects }
        let message = tr("%s ended", self.room(stream.id)?.title ?? stream.name)
        effects += send(.leaveClicked, now: now)
        showToast(message, now: now)
        return effects + [.stats(.toast(message))]
    }

    /// The directory (or the joined call) changed the list from `before`: the open room follows
    /// the list's (a joined call's participants first, then the session model), and the selected
    /// room stays selected by id with the scroll offset within the content.
    mutating func listChanged(from before: ListedRooms, now: Double) -> [AppEffect] {
        let all = listedRooms
        guard all != before else { return [] }
        let selectedID = before.indices.contains(main.list.selected) ? before[main.list.selected].id : nil
        var effects = openCallChange(now: now)
        if let open = session.openRoom, self.room(open.id) != open {
            effects += send(.directoryChanged(openRoom: self.room(open.id)), now: now)
        }
        main.list.selected = selectedID.flatMap { id in all.firstIndex(ofID: id) }
            ?? min(main.list.selected, max(0, all.count - 1))
        main.list.hovered = nil
        main.list = listLayout(all).scroll(main.list, by: 0, rows: all.count, height: main.height)
        return effects
    }

    /// The joined call's participants as the list has them now, carried out before the session
    /// model sees the change.
    mutating func openCallChange(now: Double) -> [AppEffect] {
        guard let id = call?.room, let old = session.openRoom, old.id == id, let new = self.room(id),
              new.media != old.media else { return [] }
        return callParticipantsChanged(from: old, to: new, now: now)
    }

    /// The open directory room and its server, while its playback reconnects.
    private var watchedStreamReconnecting: (serverID: String, id: RoomID)? {
        guard let id = session.openRoomID, case .reconnecting = rooms[id]?.status,
              let section = directory.sections.first(where: { $0.streams.contains { $0.id == id } })
        else { return nil }
        return (section.server.id, id)
    }

    /// The server of a reconnecting watched stream lists it again: reconnect now.
    private func retryWatchedStream(on serverID: String) -> [AppEffect] {
        guard let (server, id) = watchedStreamReconnecting, server == serverID,
              directory.stream(id)?.goneSince == nil, directory.section(serverID)?.reachability == .reachable
        else { return [] }
        return [.retryPlaybackNow(id)]
    }
}
