import Rooms
import Session

/// Everything the painters read from the state at one moment: each window's view models and
/// the few state values drawn beside them.
///
/// Two of these taken at the same `now`, before and after a step, differ exactly when the step
/// changed what a window shows, so ``AppState/reduce(_:now:)`` decides each window's repaint
/// by one comparison. What changes with time alone (a spinner, a countdown, a fading toast, a
/// live row's clock) is ``AppState/shouldPaint(_:now:)``'s to decide.
struct PaintedViews: Equatable {
    /// The main window's picture; nil while the window is minimized (nothing is painted then,
    /// and the window coming back counts as a change).
    var main: MainWindow?
    /// The float's picture; nil while no float shows.
    var float: FloatWindow?

    /// What the main window's painter reads.
    struct MainWindow: Equatable {
        var width: Int
        var height: Int
        var metrics: UIMetrics
        /// The room view, while a room is open in the window.
        var room: RoomViewModel?
        /// The room view's control under the pointer.
        var hovered: RoomControl?
        /// The list, while the window shows it.
        var list: ListViewModel?
        var toasts: [ToastModel]
        /// The call-link confirmation, while it asks (W13).
        var callLink: CallLinkViewModel?
        /// The stop with the keyboard focus, ringed (X7).
        var focus: String?
    }

    /// What the float's painter reads.
    struct FloatWindow: Equatable {
        var room: RoomID
        var width: Int
        var height: Int
        var metrics: UIMetrics
        var view: FloatViewModel
        /// The float's control with the keyboard focus, ringed (X7).
        var focus: String?
    }

    /// The pictures `state` paints at `now`.
    init(_ state: AppState, now: Double) {
        main = state.session.mainWindow.presence == .shown ? MainWindow(state, now: now) : nil
        float = FloatWindow(state, now: now)
    }
}

extension PaintedViews.MainWindow {
    init(_ state: AppState, now: Double) {
        width = state.main.width
        height = state.main.height
        metrics = state.environment.metrics
        if case .room = state.session.mainWindow.content {
            room = state.roomLayout(now: now).map(Self.painted)
            hovered = state.main.hovered
            list = nil
        } else {
            room = nil
            hovered = nil
            list = state.listViewModel(now: now)
        }
        toasts = state.toastLayout(now: now)
        callLink = state.callLinkLayout()
        focus = state.focusedStop(now: now).flatMap { $0.window == .main ? $0.id : nil }
    }

    /// A room view as painted: a participant's level shows only on their row in the panel.
    private static func painted(_ view: RoomViewModel) -> RoomViewModel {
        guard view.panel == nil else { return view }
        var view = view
        for i in view.participants.indices { view.participants[i].level = 0 }
        return view
    }
}

extension PaintedViews.FloatWindow {
    init?(_ state: AppState, now: Double) {
        guard state.float.visible, let id = state.session.floatWindowRoomID else { return nil }
        room = id
        width = state.float.width
        height = state.float.height
        metrics = state.environment.metrics
        view = state.floatLayout(now: now)
        focus = state.focusedStop(now: now).flatMap { $0.window == .float ? $0.id : nil }
    }
}
