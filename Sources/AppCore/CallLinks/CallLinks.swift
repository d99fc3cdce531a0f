import Logging
import Rooms

/// Calls reached by invite links (W13), a child reducer of ``AppState``: the confirmation the
/// main window shows before a call from a link is joined, and the servers links made known.
///
/// A link never publishes by itself: ``Action/opened(room:title:server:)`` only asks, and
/// only ``Action/accept`` makes the root join (``Effect/join(room:title:serverID:)``), which
/// is when the camera and microphone go out. The root routes ``Action``s to it and maps its
/// ``Effect``s in one place (`AppState.sendCallLinks(_:now:)`).
public struct CallLinks: Equatable, Sendable {
    /// The call a link asks to join, while the confirmation shows.
    public var asking: Question?
    /// The confirmation's button under the pointer.
    public var hovered: CallLinkButton?
    /// The confirmation's button the pointer went down on, until it comes up.
    public var pressed: CallLinkButton?
    /// Servers only links made known (not the rooms file's), kept over a rooms-file reload.
    public var servers: [LiveServer] = []

    /// Creates the state at start: nothing asked, no server from a link.
    public init() {}

    /// A call a link names, as the confirmation shows it.
    public struct Question: Equatable, Sendable {
        /// The call's room on the server (the `{room}` of its calls template).
        public var room: RoomID
        /// The call's title, as the link gives it.
        public var title: String
        /// The server, under the id it has in the list.
        public var server: LiveServer
    }

    /// What happened to the calls from links.
    public enum Action: Equatable, Sendable {
        /// A call link was opened; `server` is its server under the id it has in the list
        /// (``place(_:among:)``), `isNew` when the link made it known.
        case opened(room: RoomID, title: String, server: LiveServer, isNew: Bool)
        /// Enter or Join: join the call asked about.
        case accept
        /// Esc or Cancel: join nothing.
        case decline
        /// The pointer is over this button of the confirmation (nil: over none).
        case hover(CallLinkButton?)
        /// The pointer went down on this button (nil: elsewhere).
        case press(CallLinkButton?)
    }

    /// What the root carries out for the calls from links.
    public enum Effect: Equatable, Sendable {
        /// Show the main window in front: it asks the user.
        case raise
        /// The link made this server known: list its section.
        case addServer(LiveServer)
        /// Join call `room` of server `serverID`, titled `title`.
        case join(room: RoomID, title: String, serverID: String)
        /// A line for the log.
        case log(LogLevel, String)
    }

    /// Applies an action and returns the effects for the root to map, in order.
    public mutating func send(_ action: Action) -> [Effect] {
        switch action {
        case .opened(let room, let title, let server, let isNew):
            if isNew { servers.append(server) }
            asking = Question(room: room, title: title, server: server)
            hovered = nil
            pressed = nil
            return (isNew ? [.addServer(server)] : [])
                + [.raise, .log(.info, "call link: \(room) on \(server.id) (\(server.host)), asking before joining")]
        case .accept:
            guard let question = asking else { return [] }
            asking = nil
            return [.log(.info, "call link: joining \(question.room) on \(question.server.id)"),
                    .join(room: question.room, title: question.title, serverID: question.server.id)]
        case .decline:
            guard let question = asking else { return [] }
            asking = nil
            return [.log(.info, "call link: \(question.room) on \(question.server.id) declined")]
        case .hover(let button):
            hovered = asking == nil ? nil : button
            return []
        case .press(let button):
            pressed = asking == nil ? nil : button
            return []
        }
    }

    /// The link's `server` as the list knows it: a listed server with the same statistics
    /// page and calls template is the same server (its id is kept); else the link's server,
    /// under its id when that is free, or the id with `-2`, `-3`, ... when a different server
    /// has it, and `isNew`.
    public static func place(_ server: LiveServer, among known: [LiveServer]) -> (server: LiveServer, isNew: Bool) {
        if let same = known.first(where: { $0.stats == server.stats && $0.calls == server.calls }) { return (same, false) }
        var placed = server
        // Ids are at most 64 characters: room for a suffix up to `-999`.
        let base = String(server.id.prefix(60))
        var next = 2
        while known.contains(where: { $0.id == placed.id }) {
            placed.id = base + "-\(next)"
            next += 1
        }
        return (placed, true)
    }
}

/// The buttons of the call-link confirmation.
public enum CallLinkButton: Hashable, Sendable {
    case join, cancel
}
