import LiveDirectory
import Localization
import Rooms

/// A room's invite link (W13): shown as a control of a live room and of a call on a server,
/// copied to the clipboard by it or by `I`.
extension AppState {
    /// Room `room`'s invite link, or why it has none. A call the list has from a server is
    /// linked by its room on the server.
    func inviteLinkResult(for room: Room) -> Result<InviteLink, InviteLinkRefusal> {
        var linked = room
        if let listed = directory.call(room.id) { linked.id = listed.call.room }
        do throws(InviteLinkRefusal) {
            return .success(try InviteLink(room: linked, servers: directory.sections.map(\.server)))
        } catch {
            return .failure(error)
        }
    }

    /// Room `room`'s invite link; nil when it has none (a file, a device, `lavfi:`).
    func inviteLink(for room: Room) -> InviteLink? {
        try? inviteLinkResult(for: room).get()
    }

    /// Copies open room `id`'s link to the clipboard with a toast, or says in a toast why it
    /// has none.
    mutating func copyInviteLink(_ id: RoomID, now: Double) -> [AppEffect] {
        guard let room = self.room(id) else { return [] }
        switch inviteLinkResult(for: room) {
        case .success(let link):
            let message = tr("Invite link copied")
            showToast(message, now: now)
            return [.setClipboard(link.text), .log(.info, "invite link of \(id) copied"), .stats(.toast(message))]
        case .failure(let refusal):
            let message = tr("No invite link: %s", refusal.words)
            showToast(message, now: now)
            return [.log(.info, message), .stats(.toast(message))]
        }
    }
}
