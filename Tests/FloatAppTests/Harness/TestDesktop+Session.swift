import CX11
import Foundation

/// Asking the window manager to change a client's state the way a pager or taskbar does,
/// and watching which windows the clients of the desktop create.
extension TestDesktop {
    /// Asks the window manager to activate `window` (un-minimize, raise, focus) with a
    /// `_NET_ACTIVE_WINDOW` client message whose source indication is 2 (a pager).
    ///
    /// openbox does not focus every newly mapped window; this is how a test gives one the keyboard.
    func activateAsPager(_ window: Window) {
        sendToRoot("_NET_ACTIVE_WINDOW", about: window, [2, CLong(CurrentTime), 0])
    }

    /// Asks the window manager to minimize `window` with an ICCCM `WM_CHANGE_STATE`
    /// client message (IconicState), as a taskbar's minimize does.
    func iconifyAsTaskbar(_ window: Window) {
        sendToRoot("WM_CHANGE_STATE", about: window, [CLong(IconicState)])
    }

    /// Whether the window manager shows `window` as minimized (`_NET_WM_STATE_HIDDEN`).
    func isIconified(_ window: Window) -> Bool {
        netWMState(of: window).contains("_NET_WM_STATE_HIDDEN")
    }

    /// How many windows were created as children of the root while `body` ran (any client,
    /// the window manager's frames included), counted from `CreateNotify` events.
    func rootWindowsCreated(during body: () throws -> Void) rethrows -> Int {
        let display = connection.display
        let root = connection.root
        let previousMask = attributes(of: root)?.your_event_mask ?? 0
        drainEvents()
        XSelectInput(display, root, previousMask | SubstructureNotifyMask)
        connection.sync()
        defer {
            XSelectInput(display, root, previousMask)
            connection.sync()
            drainEvents()
        }
        try body()
        connection.sync()
        var created = 0
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            if event.type == CreateNotify { created += 1 }
        }
        return created
    }

    /// Sends a 32-bit client message about `window` to the root, where window managers listen.
    private func sendToRoot(_ messageType: String, about window: Window, _ values: [CLong]) {
        precondition(values.count <= 5, "a client message holds at most 5 values")
        let padded = values + Array(repeating: 0, count: 5 - values.count)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.send_event = 1
        event.xclient.display = connection.display
        event.xclient.window = window
        event.xclient.message_type = connection.atom(messageType)
        event.xclient.format = 32
        event.xclient.data.l = (padded[0], padded[1], padded[2], padded[3], padded[4])
        XSendEvent(
            connection.display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        connection.sync()
    }

    /// Throws away every event queued on the inspection connection.
    private func drainEvents() {
        connection.sync()
        var event = XEvent()
        while XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
        }
    }
}
