import Rooms

extension LiveDirectory {
    /// What the directory is told, as one value: the app's root routes these to it with
    /// ``send(_:)`` and maps the ``DirectoryEffect``s it returns in one place.
    public enum Action: Equatable, Sendable {
        /// Time passes: refreshes that are due start, streams gone for too long end.
        case tick(now: Double)
        /// The main window gained the focus: every section refreshes (W8).
        case focusGained(now: Double)
        /// Refresh server `serverID` now (a watched stream lost, a call joined).
        case refresh(serverID: String, now: Double)
        /// A refresh of server `serverID` with `serial` ended with this result.
        case received(Result<[LiveStreamInfo], DirectoryError>, serverID: String, serial: Int, now: Double)
        /// A listing of server `serverID` (one that lists its calls itself: Janus) with `serial`
        /// ended with this result.
        case receivedCalls(Result<[ListedCall], DirectoryError>, serverID: String, serial: Int, now: Double)
        /// The user joined (or left) a call on server `serverID`: it refreshes more often.
        case inCall(Bool, serverID: String)
        /// The rooms file lists these calls itself: the sections leave them out.
        case hideCalls(Set<RoomID>)
        /// An invite link made this server known (W13): it gets a section of its own.
        case addServer(LiveServer)
        /// The user joins call `room` of server `serverID` from an invite link: it is listed,
        /// titled `title`, even while nobody is in it.
        case keepCall(RoomID, title: String, serverID: String)
    }

    /// Applies an action and returns the effects to carry out, in order.
    public mutating func send(_ action: Action) -> [DirectoryEffect] {
        switch action {
        case .tick(let now): return tick(now: now)
        case .focusGained(let now): return focusGained(now: now)
        case .refresh(let serverID, let now): return refresh(serverID: serverID, now: now)
        case .received(let result, let serverID, let serial, let now):
            return received(result, serverID: serverID, serial: serial, now: now)
        case .receivedCalls(let result, let serverID, let serial, let now):
            return receivedCalls(result, serverID: serverID, serial: serial, now: now)
        case .inCall(let inCall, let serverID):
            setInCall(inCall, serverID: serverID)
        case .hideCalls(let ids):
            hideCalls(ids)
        case .addServer(let server):
            addServer(server)
        case .keepCall(let room, let title, let serverID):
            keepCall(room, title: title, serverID: serverID)
        }
        return []
    }
}
