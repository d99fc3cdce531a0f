import EngineTerms
import Localization

extension SessionBusFailure {
    /// The log line when the one-instance check could not use the session bus (W14): what went
    /// wrong, then that this FloatApp runs on its own.
    public var instanceWords: String {
        tr("%s; this FloatApp runs on its own", busWords)
    }

    /// The log line when the accessible tree could not be served (X7).
    public var accessibilityWords: String {
        // TRANSLATORS: %s says what went wrong with the bus.
        tr("%s; screen readers cannot see FloatApp", busWords)
    }

    /// The log line when the desktop's motion and contrast settings could not be read (X8).
    public var preferencesWords: String {
        // TRANSLATORS: %s says what went wrong with the bus.
        tr("%s; full motion and normal contrast", busWords)
    }

    /// What went wrong with the bus.
    private var busWords: String {
        switch self {
        case .noSessionBus: tr("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        case .cannotConnect(let detail): tr("cannot connect to the session bus (%s)", detail)
        case .noAnswer(let detail): tr("the session bus refused the connection or did not answer (%s)", detail)
        case .cannotRequestName(let name, let detail): tr("cannot request the name %1$s (%2$s)", name, detail)
        case .callFailed(let name, let member, let detail): tr("%1$s did not answer %2$s (%3$s)", name, member, detail)
        case .noSocket: tr("the session bus connection has no socket")
        case .noThread(let reason): tr("cannot create a pipe (%s)", reason)
        }
    }
}

/// What the one-instance check says in the log (W14).
public enum SingleInstanceWords {
    /// This invocation's items (none: just raise it) went to the running FloatApp.
    public static func handedOver(items: Int) -> String {
        items == 0 ? tr("FloatApp is running: its window was raised")
            : trn("FloatApp is running: handed it %d item", "FloatApp is running: handed it %d items", items)
    }
}
