import Rooms

/// One call a server that lists calls itself (Janus, R8) has, as its listing says: the call's
/// room on the server, its title there, and who is in it now.
public struct ListedCall: Hashable, Sendable {
    /// The call's room on the server (a Janus VideoRoom number as text).
    public var room: RoomID
    /// The room's description on the server, if it has one.
    public var title: String?
    /// Who is in it, in the server's order.
    public var members: [CallMember]

    /// Creates a listed call.
    public init(room: RoomID, title: String?, members: [CallMember]) {
        self.room = room
        self.title = title
        self.members = members
    }
}
