import AccessibilityBridge
import AccessibleTree
import AppCore
import CSDL

/// The accessible tree's side of the loop (X7): served from the start, published after each
/// turn, clicked through the bus thread's waker.
@MainActor
extension App {
    /// The tree as the windows show it now, with where they are.
    func accessibleSnapshot() -> AccessibleSnapshot {
        var windows = ["main": AccessibilityLink.placement(of: main.window, drawableWidth: Double(main.renderer.outputSize.width))]
        if let float = floatWindow, float.window.isShown {
            windows["float"] = AccessibilityLink.placement(of: float.window, drawableWidth: Double(float.renderer.outputSize.width))
        }
        let tree = state.accessibleTree(now: now, measure: fonts.measure, active: activeWindow)
        return AccessibleSnapshot(tree: tree, windows: windows, clickName: ShellLabels.click, locale: AccessibilityLink.locale)
    }

    /// The window that has the keyboard, as X (or the compositor) last told SDL.
    private var activeWindow: WindowKind? {
        if main.window.hasKeyboard { return .main }
        if let float = floatWindow, float.window.isShown, float.window.hasKeyboard { return .float }
        return nil
    }

    /// Publishes the tree when it is served.
    func publishAccessibleTree() {
        guard desktop.accessibility.isServing else { return }
        desktop.accessibility.publish(accessibleSnapshot())
    }

    /// Dispatches the clicks and texts an assistive technology asked for; false for any other event.
    func handleAccessibleRequests(_ event: SDL_Event) -> Bool {
        guard desktop.accessibility.waker.matches(event) else { return false }
        for request in desktop.accessibility.takeRequests() {
            switch request {
            case .click(let id): dispatch(.accessibleClicked(id))
            case .setText(let id, let text): dispatch(.accessibleTextSet(id, text))
            }
        }
        return true
    }
}
