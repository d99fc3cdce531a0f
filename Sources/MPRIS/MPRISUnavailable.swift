/// Why FloatApp could not become an MPRIS player: no session bus, or the bus refused. The app
/// words it for the log.
public enum MPRISUnavailable: Error, Equatable, Sendable {
    /// Neither `DBUS_SESSION_BUS_ADDRESS` nor a bus socket in `XDG_RUNTIME_DIR`.
    case noSessionBus
    /// A step failed; `detail` is libdbus's message (or "out of memory").
    case busFailed(BusStep, detail: String)
    /// Both names FloatApp asks for are owned by others.
    case namesTaken(preferred: String, fallback: String)
    /// The connection has no socket to poll.
    case noSocket
    /// The bus thread's wake pipe could not be made; the reason is the system's (`strerror`).
    case noThread(String)
}
