/// Why a room has no invite link (W13, `floatapp --link ROOM_ID`), as data: AppCore words it.
public enum InviteLinkRefusal: Error, Hashable, Sendable {
    /// The room plays a file, a device or `lavfi:`, which nobody else can open.
    case localSource(LocalSource)
    /// A call of written participants, on no server.
    case callWithoutServer
    /// A call on a server the given servers do not hold, by its id.
    case unknownServer(String)
    /// A call on a server without a `calls` template, by its id.
    case serverHoldsNoCalls(String)
    /// The link would not open, and why (a URL outside ``InviteLink/networkSchemes``, a
    /// malformed address, a link over ``InviteLink/maximumLength``).
    case wouldNotOpen(InviteLinkError)
}
