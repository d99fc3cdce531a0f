/// A method call on the bus as plain values: one that reached an object of this connection,
/// or one it makes (then `destination` names the bus name called).
public struct BusCall: Equatable, Sendable {
    /// The bus name called; nil for a call received (whoever owns the connection's names).
    public var destination: String?
    /// The object path called.
    public var path: String
    /// The interface named by the caller; D-Bus allows leaving it out.
    public var interface: String?
    /// The method's name.
    public var member: String
    /// The call's arguments; a variant argument stays wrapped in `.variant`.
    public var arguments: [DBusValue]

    /// Creates a call.
    public init(destination: String? = nil, path: String, interface: String?, member: String, arguments: [DBusValue]) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// How an object answers a method call: a method return with these values, or a D-Bus error.
public enum BusReply: Equatable, Sendable {
    case values([DBusValue])
    case error(name: String, message: String)

    /// A standard D-Bus error, `org.freedesktop.DBus.Error.<name>`.
    public static func standardError(_ name: String, _ message: String) -> BusReply {
        .error(name: "org.freedesktop.DBus.Error." + name, message: message)
    }
}
