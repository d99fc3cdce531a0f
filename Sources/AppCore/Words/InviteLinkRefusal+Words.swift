import Localization
import Rooms

extension InviteLinkRefusal {
    /// Why the room has no invite link, as `floatapp --link ROOM_ID` says it.
    public var words: String {
        let quoted = RoomsFileProblem.quoted
        return switch self {
        case .localSource(let local):
            tr("the room plays %s, which nobody else can open: only rooms with a network address have invite links", local.words)
        case .callWithoutServer:
            tr("the call is on no server: only calls on a server have invite links")
        case .unknownServer(let id):
            tr("the call's server %s is not in the rooms file", quoted(id))
        case .serverHoldsNoCalls(let id):
            tr("server %s has no \"calls\" URL to hold calls on", quoted(id))
        case .wouldNotOpen(let why):
            tr("the link would not open: %s", why.words)
        }
    }
}
