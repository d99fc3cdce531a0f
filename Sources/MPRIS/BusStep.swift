/// What FloatApp was asking of the session bus when it failed (see ``MPRISUnavailable``).
public enum BusStep: Equatable, Sendable {
    /// Opening the connection.
    case connect
    /// Saying hello (authenticating) within ``MPRISService/busTimeout``.
    case hello
    /// Asking for the well-known name.
    case requestName(String)
}
