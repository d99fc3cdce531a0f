import EngineTerms
import Localization

extension MediaControlsFailure {
    /// The one log line: what went wrong, then that the media controls are off.
    public var words: String {
        switch self {
        case .noSessionBus:
            tr("no session bus (DBUS_SESSION_BUS_ADDRESS is not set); media controls are off")
        case .cannotConnect(let detail):
            tr("cannot connect to the session bus (%s); media controls are off", detail)
        case .noAnswer(let detail):
            tr("the session bus refused the connection or did not answer (%s); media controls are off", detail)
        case .cannotRequestName(let name, let detail):
            tr("cannot request the name %1$s (%2$s); media controls are off", name, detail)
        case .namesTaken(let preferred, let fallback):
            tr("the session bus gave neither %1$s nor %2$s; media controls are off", preferred, fallback)
        case .noSocket:
            tr("the session bus connection has no socket; media controls are off")
        case .noThread(let reason):
            tr("%s; media controls are off", "cannot create a pipe (\(reason))")
        }
    }
}
