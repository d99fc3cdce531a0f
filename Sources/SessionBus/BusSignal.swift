/// A signal received from the bus, as plain values.
public struct BusSignal: Equatable, Sendable {
    /// The object path that sent it.
    public var path: String
    /// The signal's interface.
    public var interface: String
    /// The signal's name.
    public var member: String
    /// Its arguments; a variant argument stays wrapped in `.variant`.
    public var arguments: [DBusValue]

    /// Creates a signal.
    public init(path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}
