import AppCore
import CSDL
import Logging

/// The desktop's scale and media controls, as they reach the loop.
@MainActor
extension App {
    /// Handles the desktop's own SDL events; false for any other event.
    func handleDesktopEvent(_ event: SDL_Event) -> Bool {
        if let factor = desktop.scaleFactor(of: event) {
            rescale(to: factor)
            return true
        }
        guard desktop.mediaWaker.matches(event) else { return false }
        for command in desktop.takeCommands() { dispatch(.media(command)) }
        return true
    }

    /// Lays everything out again at a new scale, without a restart: every line is laid out
    /// again at its new size (crisp, not a scaled texture), the labels measured again and the
    /// app state decides the rest.
    private func rescale(to factor: Double) {
        guard factor != state.environment.metrics.scale else { return }
        fonts.reopen(scale: factor)
        Log.info("scale \(factor) from the desktop")
        main.text.removeAll()
        floatWindow?.text.removeAll()
        dispatch(.scaleChanged(fonts.metrics()))
    }
}
