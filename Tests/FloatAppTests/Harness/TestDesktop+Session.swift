import CX11
import Foundation

/// Asking the window manager to minimize a client the way a taskbar does, and watching which windows the clients of the desktop create.
extension TestDesktop {
    /// Asks the window manager to minimize `window` with an ICCCM `WM_CHANGE_STATE`
    /// client message (IconicState), as a taskbar's minimize does.
    func iconifyAsTaskbar(_ window: Window) {
        sendToRoot(about: window, "WM_CHANGE_STATE", [Int(IconicState)])
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

    /// Throws away every event queued on the inspection connection.
    private func drainEvents() {
        connection.sync()
        var event = XEvent()
        while XPending(connection.display) > 0 {
            XNextEvent(connection.display, &event)
        }
    }
}
