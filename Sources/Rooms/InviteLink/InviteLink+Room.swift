extension InviteLink {
    /// The link to `room`: a live room's source URL, or a call's server (found in `servers`).
    /// Control characters in the title become spaces; the link is checked by ``parse(_:)``
    /// before it is given, so every link made here opens.
    public init(room: Room, servers: [LiveServer]) throws(InviteLinkRefusal) {
        let title = DisplayText.cleaned(room.title) ?? room.id
        switch room.media {
        case .live(let source):
            if let local = LocalSource(source) { throw .localSource(local) }
            self = .live(title: title, url: source.text)
        case .call:
            guard let serverID = room.callServerID else { throw .callWithoutServer }
            guard let server = servers.first(where: { $0.id == serverID }) else { throw .unknownServer(serverID) }
            guard let calls = server.calls else { throw .serverHoldsNoCalls(serverID) }
            self = .call(room: room.id, title: title, server: LiveServer(
                id: server.id, title: DisplayText.cleaned(server.title) ?? server.id, stats: server.stats, play: server.play,
                calls: calls))
        }
        do throws(InviteLinkError) {
            _ = try Self.parse(text)
        } catch {
            throw .wouldNotOpen(error)
        }
    }
}
