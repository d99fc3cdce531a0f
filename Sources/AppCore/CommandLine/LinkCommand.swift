import Localization
import Rooms

/// `floatapp --link ROOM_ID` (W13): the invite link of a room of the rooms file, or why it has
/// none.
public enum LinkCommand {
    /// The link of room `id` of `config` (read from `path`), or the words saying why there is
    /// none: no such room, or a room nobody else can open.
    public static func link(_ id: RoomID, in config: RoomsConfig, path: String) -> Result<String, LinkCommandError> {
        guard let room = config.rooms.first(where: { $0.id == id }) else {
            return .failure(LinkCommandError(words: tr("no room with id '%1$s' in %2$s", id, RoomsLoadError.shown(path))))
        }
        do throws(InviteLinkRefusal) {
            return .success(try InviteLink(room: room, servers: config.servers).text)
        } catch {
            return .failure(LinkCommandError(words: tr("room '%1$s' has no invite link: %2$s", id, error.words)))
        }
    }
}

/// Why `--link` printed no link, worded; the exit status is 2.
public struct LinkCommandError: Error, Equatable, Sendable {
    /// The sentence for standard error.
    public var words: String
}
