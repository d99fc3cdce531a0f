/// The PiP lifecycle, reported to observers in this order (M3):
/// `willStart`, then `didStart` or `failedToStart`, and later `willStop`, `didStop`.
public enum PiPLifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    case willStart
    case didStart
    /// A request was refused (M2); nothing changed.
    case failedToStart(PiPRefusal)
    case willStop
    case didStop

    /// The event's name, with the refusal's code for a failure.
    public var description: String {
        switch self {
        case .willStart: "willStart"
        case .didStart: "didStart"
        case .failedToStart(let reason): "failedToStart(\(reason.code))"
        case .willStop: "willStop"
        case .didStop: "didStop"
        }
    }
}

/// Events that tell views to re-lay themselves out (M4).
public enum PiPLayoutEvent: Hashable, Sendable, CustomStringConvertible {
    /// The view is now in the float: no control bar, the compact layout (P5).
    case pipLayoutEnabled
    /// The view is back in the main window's full layout.
    case pipLayoutDisabled
    /// The call's layout changed.
    case callLayoutChanged(CallLayout)
    case participantListVisible
    case participantListHidden

    /// The event's name.
    public var description: String {
        switch self {
        case .pipLayoutEnabled: "pipLayoutEnabled"
        case .pipLayoutDisabled: "pipLayoutDisabled"
        case .callLayoutChanged(let layout): "callLayoutChanged(\(layout.rawValue))"
        case .participantListVisible: "participantListVisible"
        case .participantListHidden: "participantListHidden"
        }
    }
}
