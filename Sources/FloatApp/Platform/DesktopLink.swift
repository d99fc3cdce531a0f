import AppCore
import CSDL
import DesktopSettings
import EngineTerms
import Files
import Foundation
import Logging
import MPRIS

/// The app's links to the desktop around it: the scale it publishes to X11 apps (`Xft.dpi`,
/// `GDK_SCALE`, `FLOATAPP_SCALE`), followed at runtime, and the media controls (MPRIS 2 on
/// the session bus), whose player name the app owns only while a room is open.
///
/// Both talk to the main loop through SDL user events pushed from their own threads, so the
/// loop sleeps until something happens; nothing is polled.
@MainActor
final class DesktopLink {
    /// The scale when the app started.
    let scale: DesktopScale
    /// Wakes the loop for a scale change; its `user.code` is the factor in thousandths.
    let scaleWaker: LoopWaker
    /// Wakes the loop when media commands wait in ``takeCommands()``.
    let mediaWaker = LoopWaker()
    private var watcher: X11ScaleWatcher?
    private var service: MPRISService?
    private var published: MediaState?
    private var mediaUnavailable = false
    private let artURL: String?

    init() {
        let scaleWaker = LoopWaker()
        self.scaleWaker = scaleWaker
        // When the watcher cannot start (not on X11), the scale comes from the environment alone.
        let watcher = try? X11ScaleWatcher.start { scale in
            scaleWaker.wake(code: Int32((scale.factor * 1000).rounded()))
        }
        self.watcher = watcher
        scale = watcher?.initial ?? DesktopScale(resources: nil, environment: ProcessInfo.processInfo.environment)
        let icon = Paths.assetsDir.map { $0 + "/floatapp.svg" }
        artURL = icon.flatMap { FileManager.default.fileExists(atPath: $0) ? "file://" + $0 : nil }
    }

    /// The new scale factor a scale event carries; nil for any other event.
    func scaleFactor(of event: SDL_Event) -> Double? {
        scaleWaker.matches(event) ? Double(event.user.code) / 1000 : nil
    }

    /// Shows the app's media state to the desktop: the player name is owned while a room is
    /// open and released when none is; properties go out only when they changed. Without a
    /// session bus this logs one info line and the app runs on without media controls.
    func publish(_ media: MediaState) {
        guard media.track != nil else {
            stopMedia()
            return
        }
        var state = media
        state.track?.artURL = artURL
        if service == nil, !mediaUnavailable { startMedia(state) }
        guard let service, state != published else { return }
        service.update(state)
        published = state
    }

    /// The media controls' commands received since the last call.
    func takeCommands() -> [MediaCommand] {
        service?.takeCommands() ?? []
    }

    /// Releases the player name and stops watching the scale (before the windows close).
    func stop() {
        stopMedia()
        watcher?.stop()
        watcher = nil
    }

    private func startMedia(_ state: MediaState) {
        let mediaWaker = self.mediaWaker
        do {
            service = try MPRISService.start(state: state) { mediaWaker.wake() }
            published = state
            Log.info("media controls: \(service?.busName ?? "")")
        } catch {
            mediaUnavailable = true
            Log.info(error.words)
        }
    }

    private func stopMedia() {
        service?.stop()
        service = nil
        published = nil
    }
}
