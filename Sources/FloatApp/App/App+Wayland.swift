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

    /// Puts a float just shown in front of the main window, once both have shown a picture (a
    /// Wayland window appears with its first one, and compositors stack a window as it
    /// appears): activated through xdg-activation with the user's latest press as its reason,
    /// or else with the main window minimized out of its way.
    func bringFloatInFront() {
        guard floatNeedsFront, main.hasPresented, let fw = floatWindow, fw.isVisible else { return }
        floatNeedsFront = false
        if activation?.activate(fw.window) == true { return }
        main.window.minimize()
        mainMinimizedForFloat = true
        Log.debug("the main window is minimized so that the float shows")
    }

    /// Brings back a main window minimized for the float. Wayland has no request to undo a
    /// minimize; a window mapped again appears as new, in front.
    func uncoverMainWindow() {
        guard mainMinimizedForFloat else { return }
        mainMinimizedForFloat = false
        main.window.hide()
        main.hasPresented = false
    }
}
