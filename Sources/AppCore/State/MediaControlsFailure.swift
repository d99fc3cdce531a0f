/// Why the media controls (MPRIS on the session bus) are off, in the app's terms; ``words``
/// is the one place the log line is said.
public enum MediaControlsFailure: Equatable, Sendable {
    /// There is no session bus to join.
    case noSessionBus
    /// Connecting to the bus failed; the detail is the bus library's.
    case cannotConnect(String)
    /// The bus refused the connection or did not answer in time.
    case noAnswer(String)
    /// Asking for the player's name failed.
    case cannotRequestName(String, detail: String)
    /// Both names the app asks for are taken.
    case namesTaken(preferred: String, fallback: String)
    /// The connection has no socket to wait on.
    case noSocket
    /// The media controls' thread could not start.
    case noThread(String)

    /// The one log line: what went wrong, then that the media controls are off.
    public var words: String {
        let why = switch self {
        case .noSessionBus: "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        case .cannotConnect(let detail): "cannot connect to the session bus (\(detail))"
        case .noAnswer(let detail): "the session bus refused the connection or did not answer (\(detail))"
        case .cannotRequestName(let name, let detail): "cannot request the name \(name) (\(detail))"
        case .namesTaken(let preferred, let fallback): "the session bus gave neither \(preferred) nor \(fallback)"
        case .noSocket: "the session bus connection has no socket"
        case .noThread(let reason): reason
        }
        return why + "; media controls are off"
    }
}
