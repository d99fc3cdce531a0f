import AppCore
import CSDL
import DesktopSettings
import EngineTerms
import Files
import Foundation
import Logging
import MPRIS
import SingleInstance

/// The app's links to the desktop around it: the scale it publishes to X11 apps (`Xft.dpi`,
/// `GDK_SCALE`, `FLOATAPP_SCALE`), followed at runtime, and the media controls (MPRIS 2 on
/// the session bus), whose player name AppCore decides to take, update and give up.
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
    /// The accessible tree on the accessibility bus (X7).
    let accessibility = AccessibilityLink()
    /// Wakes the loop when another FloatApp's requests wait in ``takeInstanceRequests()``.
    let instanceWaker = LoopWaker()
    /// Wakes the loop for the desktop's motion and contrast settings; its `user.code` holds
    /// them as bits: 1 reduced motion, 2 high contrast (X8).
    let preferencesWaker = LoopWaker()
    private var watcher: X11ScaleWatcher?
    private var appearance: AppearanceWatcher?
    private var service: MPRISService?
    private let instance: InstanceService?
    private let artURL: String?

    /// Starts watching the scale; `instance`, the application's bus name when this process owns
    /// it, wakes the loop from now on.
    init(instance: InstanceService?) {
        self.instance = instance
        let instanceWaker = self.instanceWaker
        instance?.setWake { instanceWaker.wake() }
        let scaleWaker = LoopWaker()
        self.scaleWaker = scaleWaker
        // When the watcher cannot start (not on X11), the scale comes from the environment alone.
        let watcher = try? X11ScaleWatcher.start { scale in
            scaleWaker.wake(code: Int32((scale.factor * 1000).rounded()))
        }
        self.watcher = watcher
        scale = watcher?.initial ?? DesktopScale(resources: nil, environment: ProcessInfo.processInfo.environment)
        appearance = Self.watchAppearance(preferencesWaker)
        let icon = Paths.assetsDir.map { $0 + "/floatapp.svg" }
        artURL = icon.flatMap { FileManager.default.fileExists(atPath: $0) ? "file://" + $0 : nil }
    }

    /// The new scale factor a scale event carries; nil for any other event.
    func scaleFactor(of event: SDL_Event) -> Double? {
        scaleWaker.matches(event) ? Double(event.user.code) / 1000 : nil
    }

    /// Follows the desktop's motion and contrast settings through the XDG desktop portal; nil,
    /// with one info line in the log, without a session bus (the defaults then hold).
    private static func watchAppearance(_ waker: LoopWaker) -> AppearanceWatcher? {
        do {
            return try AppearanceWatcher.start { settings in
                waker.wake(code: (settings.reducedMotion ? 1 : 0) | (settings.highContrast ? 2 : 0))
            }
        } catch {
            Log.info(error.preferencesWords)
            return nil
        }
    }

    /// The desktop's preferences a preferences event carries; nil for any other event.
    func preferences(of event: SDL_Event) -> DesktopPreferences? {
        guard preferencesWaker.matches(event) else { return nil }
        return DesktopPreferences(reducedMotion: event.user.code & 1 != 0, highContrast: event.user.code & 2 != 0)
    }

    /// Takes the media player name on the session bus, showing `media`; false, with one info
    /// line in the log, when there is no session bus or no name to take.
    func startMedia(_ media: MediaState) -> Bool {
        let mediaWaker = self.mediaWaker
        do {
            service = try MPRISService.start(state: withArt(media)) { mediaWaker.wake() }
            Log.info("media controls: \(service?.busName ?? "")")
            return true
        } catch {
            Log.info(error.words)
            return false
        }
    }

    /// Shows `media` on the media controls.
    func updateMedia(_ media: MediaState) {
        service?.update(withArt(media))
    }

    /// Gives up the media player name.
    func stopMedia() {
        service?.stop()
        service = nil
    }

    /// `media` with the app's icon as its track's art.
    private func withArt(_ media: MediaState) -> MediaState {
        var state = media
        state.track?.artURL = artURL
        return state
    }

    /// The media controls' commands received since the last call.
    func takeCommands() -> [MediaCommand] {
        service?.takeCommands() ?? []
    }

    /// What other FloatApps (or the desktop) asked since the last call, oldest first.
    func takeInstanceRequests() -> [InstanceRequest] {
        instance?.takeRequests() ?? []
    }

    /// Releases the player and application names and stops watching the scale (before the
    /// windows close).
    func stop() {
        stopMedia()
        accessibility.stop()
        instance?.stop()
        watcher?.stop()
        watcher = nil
        appearance?.stop()
        appearance = nil
    }
}
