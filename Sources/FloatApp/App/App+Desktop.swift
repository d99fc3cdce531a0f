import AppCore
import CSDL
import Logging

/// The desktop's scale and media controls, as they reach the loop.
@MainActor
extension App {
    /// Handles the desktop's own SDL events; false for any other event.
    func handleDesktopEvent(_ event: SDL_Event) -> Bool {
        if let factor = desktop.scaleFactor(of: event) {
            dispatch(.desktopScaleRead(factor))
            return true
        }
        guard desktop.mediaWaker.matches(event) else { return false }
        for command in desktop.takeCommands() { dispatch(.media(command)) }
        return true
    }

    /// Lays the text out again at a new scale, without a restart: every line is laid out again
    /// at its new size (crisp, not a scaled texture) and the labels measured again; the app
    /// state decides the rest from the metrics.
    func rescale(to factor: Double) -> AppEvent {
        fonts.reopen(scale: factor)
        main.text.removeAll()
        floatWindow?.text.removeAll()
        return .scaleChanged(fonts.metrics())
    }
}
