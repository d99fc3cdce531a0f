/// Why talking to the D-Bus session bus failed, as the bus connection throws it: the media
/// controls and the one-instance check each say what it means for them.
public enum SessionBusFailure: Error, Equatable, Sendable {
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor a bus socket in `XDG_RUNTIME_DIR`.
    case noSessionBus
    /// Connecting to the bus failed; the detail is the bus library's (or "out of memory").
    case cannotConnect(String)
    /// The bus refused the connection or did not answer in time; the bus library's detail.
    case noAnswer(String)
    /// Asking for a well-known name failed; the bus library's detail.
    case cannotRequestName(String, detail: String)
    /// A method call on another program's object (its bus name, the method) failed or was
    /// not answered in time; the bus library's detail.
    case callFailed(String, member: String, detail: String)
    /// The connection has no socket to wait on.
    case noSocket
    /// The bus thread could not start: its wake pipe could not be made, and the system's
    /// reason (`strerror`).
    case noThread(String)
}
