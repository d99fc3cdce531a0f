import AccessibilityBridge
import AccessibleTree
import AppCore
import CSDL
import Foundation
import Logging

/// The app's accessible tree on the AT-SPI2 accessibility bus (X7): after each turn of the loop
/// the tree AppCore derives from the view models is published with where its windows are, and
/// an assistive technology's clicks and texts come back through ``waker`` as ids to dispatch.
///
/// Without an accessibility bus (no session bus, no `org.a11y.Bus`) it does nothing.
@MainActor
final class AccessibilityLink {
    /// Wakes the loop when requests wait in ``takeRequests()``.
    let waker = LoopWaker()
    private var service: AccessibilityService?
    private var published: AccessibleSnapshot?

    /// Connects and embeds the app, showing `snapshot`; one info line in the log either way.
    func start(_ snapshot: AccessibleSnapshot) {
        let waker = self.waker
        do {
            service = try AccessibilityService.start(snapshot) { waker.wake() }
            published = snapshot
            Log.info("accessibility bus: \(service?.busName ?? "")")
        } catch {
            Log.info(error.accessibilityWords)
        }
    }

    /// Publishes `snapshot` when it differs from the one last published.
    func publish(_ snapshot: AccessibleSnapshot) {
        guard let service, snapshot != published else { return }
        published = snapshot
        service.publish(snapshot)
    }

    /// Whether the tree is served (a snapshot is worth building).
    var isServing: Bool { service != nil }

    /// The clicks and new texts asked for since the last call.
    func takeRequests() -> [AccessibleRequest] {
        service?.takeRequests() ?? []
    }

    /// Takes the app out of the desktop's tree.
    func stop() {
        service?.stop()
        service = nil
    }

    /// Where `window` is on the screen and how many of its drawable's pixels make one of its
    /// units (more than 1 where the compositor scales the window).
    static func placement(of window: Window, drawableWidth: Double) -> WindowPlacement {
        let position = window.position, size = window.size
        let ratio = size.width > 0 ? drawableWidth / Double(size.width) : 1
        return WindowPlacement(x: Int(position.x), y: Int(position.y), pixelsPerUnit: ratio)
    }

    /// The language the app speaks, as the C library's messages locale names it.
    static var locale: String {
        setlocale(LC_MESSAGES, nil).map { String(cString: $0) } ?? "C"
    }
}
