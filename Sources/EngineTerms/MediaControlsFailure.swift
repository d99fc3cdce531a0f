/// Why the media controls (MPRIS on the session bus) are off: the media controls' service
/// throws it and AppCore words it for the log.
public enum MediaControlsFailure: Error, Equatable, Sendable {
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor a bus socket in `XDG_RUNTIME_DIR`.
    case noSessionBus
    /// Connecting to the bus failed; the detail is the bus library's (or "out of memory").
    case cannotConnect(String)
    /// The bus refused the connection or did not answer in time; the bus library's detail.
    case noAnswer(String)
    /// Asking for the player's name failed; the bus library's detail.
    case cannotRequestName(String, detail: String)
    /// Both names the app asks for are owned by others.
    case namesTaken(preferred: String, fallback: String)
    /// The connection has no socket to wait on.
    case noSocket
    /// The media controls' thread could not start: its wake pipe could not be made, and the
    /// system's reason (`strerror`).
    case noThread(String)
}
