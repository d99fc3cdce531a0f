import Logging

/// The float in front on Wayland (P18), where a client cannot stack its windows itself.
@MainActor
extension App {
    /// The compositor's activation when the app runs on Wayland, said once in the log.
    static func waylandActivation(for window: Window) -> WaylandActivation? {
        guard window.wayland != nil else { return nil }
        let activation = WaylandActivation(connectionOf: window)
        if activation != nil {
            Log.info("Wayland: the float is brought in front through xdg-activation")
        } else {
            Log.info("Wayland: the compositor offers no xdg-activation; the main window is minimized while the float shows")
        }
        return activation
    }
}
