import CX11
import Foundation
import TestSupport

/// Finding top-level client windows and reading their state.
extension TestDesktop {
    /// Every window below the root, parents before children.
    func allWindows() -> [Window] {
        var result: [Window] = []
        var pending = children(of: connection.root)
        while !pending.isEmpty {
            let window = pending.removeFirst()
            result.append(window)
            pending.append(contentsOf: children(of: window))
        }
        return result
    }

    /// Client windows (those with a `WM_CLASS` or a title) matching `query`, in tree order.
    func findWindows(_ query: WindowQuery) -> [Window] {
        if case .id(let window) = query {
            return attributes(of: window) == nil ? [] : [window]
        }
        return allWindows().filter { window in
            switch query {
            case .title(let title): self.title(of: window) == title
            case .titlePrefix(let prefix): self.title(of: window)?.hasPrefix(prefix) == true
            case .titleSuffix(let suffix): self.title(of: window)?.hasSuffix(suffix) == true
            case .wmClass(let name): wmClass(of: window)?.className == name
            case .wmInstance(let name): wmClass(of: window)?.instance == name
            case .id: false
            }
        }
    }

    /// Client windows (those with a `WM_CLASS`) whose `_NET_WM_PID` is `pid`, in tree order.
    func clientWindows(ofProcess pid: pid_t) -> [Window] {
        allWindows().filter { window in
            wmClass(of: window) != nil && connection.cardinals(window, "_NET_WM_PID")?.first == UInt(pid)
        }
    }

    /// Waits until exactly one window matches `query` (viewable, if asked) and returns it.
    @discardableResult
    func waitForWindow(
        _ query: WindowQuery, visibility: WindowVisibility = .viewable, timeout: TimeInterval = 10
    ) throws -> Window {
        var seen: [Window] = []
        return try eventuallyValue(
            "exactly one \(visibility == .viewable ? "viewable " : "")\(query) (found \(seen.count): "
                + seen.map { describe($0) }.joined(separator: "; ") + ")\n" + describeClients(),
            timeout: timeout
        ) {
            seen = findWindows(query).filter { visibility == .any || mapState(of: $0) == .viewable }
            return seen.count == 1 ? seen[0] : nil
        }
    }

    /// Waits until no viewable window matches `query` (destroyed or unmapped both count).
    func waitUntilGone(_ query: WindowQuery, timeout: TimeInterval = 10) throws {
        try eventually("no viewable \(query) is left\n" + describeClients(), timeout: timeout) {
            findWindows(query).allSatisfy { mapState(of: $0) != .viewable }
        }
    }

    /// The window's title: `_NET_WM_NAME` if set, else `WM_NAME`.
    func title(of window: Window) -> String? {
        connection.string(window, "_NET_WM_NAME") ?? connection.string(window, "WM_NAME")
    }

    /// The window's `WM_NAME` alone.
    func wmName(of window: Window) -> String? {
        connection.string(window, "WM_NAME")
    }

    /// The window's `WM_CLASS` instance and class.
    func wmClass(of window: Window) -> (instance: String, className: String)? {
        guard let parts = connection.strings(window, "WM_CLASS"), parts.count >= 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// The window's `WM_WINDOW_ROLE`.
    func role(of window: Window) -> String? {
        connection.string(window, "WM_WINDOW_ROLE")
    }

    /// The window's `_NET_WM_STATE` atom names, e.g. "_NET_WM_STATE_ABOVE".
    func netWMState(of window: Window) -> Set<String> {
        Set(connection.atomNames(window, "_NET_WM_STATE") ?? [])
    }

    /// The EWMH hints the window manager says it supports (`_NET_SUPPORTED` on the root window).
    func supportedHints() -> Set<String> {
        Set(connection.atomNames(connection.root, "_NET_SUPPORTED") ?? [])
    }

    /// The window's `_NET_WM_WINDOW_TYPE` atom names, most preferred first.
    func windowTypes(of window: Window) -> [String] {
        connection.atomNames(window, "_NET_WM_WINDOW_TYPE") ?? []
    }

    /// The window's `_MOTIF_WM_HINTS`, if set.
    func motifHints(of window: Window) -> MotifHints? {
        guard let values = connection.cardinals(window, "_MOTIF_WM_HINTS"), values.count >= 3 else { return nil }
        return MotifHints(flags: values[0], functions: values[1], decorations: values[2])
    }

    /// The window's attributes; nil if it does not exist (any more).
    func attributes(of window: Window) -> XWindowAttributes? {
        let (result, failed) = connection.withCapturedErrors { () -> XWindowAttributes? in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(connection.display, window, &attributes) != 0 ? attributes : nil
        }
        return failed ? nil : result
    }

    /// Whether the window exists.
    func exists(_ window: Window) -> Bool {
        attributes(of: window) != nil
    }

    /// The window's map state; nil if it does not exist.
    func mapState(of window: Window) -> MapState? {
        guard let attributes = attributes(of: window) else { return nil }
        switch attributes.map_state {
        case IsViewable: return .viewable
        case IsUnviewable: return .unviewable
        default: return .unmapped
        }
    }

    /// The window's client area (inside any frame) in root coordinates.
    func geometry(of window: Window) -> DesktopRect? {
        guard let attributes = attributes(of: window) else { return nil }
        let (origin, failed) = connection.withCapturedErrors { () -> DesktopPoint? in
            var x: Int32 = 0
            var y: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(connection.display, window, connection.root, 0, 0, &x, &y, &child) != 0
            else { return nil }
            return DesktopPoint(x: Int(x), y: Int(y))
        }
        guard !failed, let origin else { return nil }
        return DesktopRect(x: origin.x, y: origin.y, width: Int(attributes.width), height: Int(attributes.height))
    }

    /// The child of the root that holds `window`: the window manager's frame, or the window itself.
    func topLevelAncestor(of window: Window) -> Window? {
        var current = window
        while let parent = parent(of: current) {
            if parent == connection.root { return current }
            current = parent
        }
        return nil
    }

    /// The outer rectangle of the window's frame (the window itself when unframed), borders included.
    func frameGeometry(of window: Window) -> DesktopRect? {
        guard let frame = topLevelAncestor(of: window), let attributes = attributes(of: frame) else { return nil }
        let border = Int(attributes.border_width)
        return DesktopRect(
            x: Int(attributes.x), y: Int(attributes.y),
            width: Int(attributes.width) + 2 * border, height: Int(attributes.height) + 2 * border)
    }

    /// The decoration sizes the window manager announces in `_NET_FRAME_EXTENTS`.
    func frameExtents(of window: Window) -> EdgeInsets? {
        guard let values = connection.cardinals(window, "_NET_FRAME_EXTENTS"), values.count == 4 else { return nil }
        return EdgeInsets(top: Int(values[2]), bottom: Int(values[3]), left: Int(values[0]), right: Int(values[1]))
    }

    /// Whether the window manager drew anything around the window: title bar, handle or border.
    func isDecorated(_ window: Window) -> Bool {
        if let extents = frameExtents(of: window), extents != .zero { return true }
        guard let frame = frameGeometry(of: window), let client = geometry(of: window) else { return false }
        return frame != client
    }

    /// The usable area of the current desktop from `_NET_WORKAREA`, if a window manager set it.
    func workArea() -> DesktopRect? {
        guard let values = connection.cardinals(connection.root, "_NET_WORKAREA"), values.count >= 4 else {
            return nil
        }
        let desktop = Int(connection.cardinals(connection.root, "_NET_CURRENT_DESKTOP")?.first ?? 0)
        let base = values.count >= 4 * (desktop + 1) ? 4 * desktop : 0
        return DesktopRect(
            x: Int(values[base]), y: Int(values[base + 1]),
            width: Int(values[base + 2]), height: Int(values[base + 3]))
    }

    /// The window manager's check window, if a compliant window manager runs.
    func supportingWindowManager() -> Window? {
        guard let check = connection.cardinals(connection.root, "_NET_SUPPORTING_WM_CHECK")?.first,
            connection.cardinals(Window(check), "_NET_SUPPORTING_WM_CHECK")?.first == check
        else { return nil }
        return Window(check)
    }

    /// The window `_NET_ACTIVE_WINDOW` names, if any.
    func activeWindow() -> Window? {
        guard let active = connection.cardinals(connection.root, "_NET_ACTIVE_WINDOW")?.first, active != 0 else {
            return nil
        }
        return Window(active)
    }

    /// Managed client windows from bottom to top (`_NET_CLIENT_LIST_STACKING`).
    func stackingOrder() -> [Window] {
        (connection.cardinals(connection.root, "_NET_CLIENT_LIST_STACKING") ?? []).map { Window($0) }
    }

    /// Whether `upper` is stacked above `lower` among managed clients.
    func isStacked(_ upper: Window, above lower: Window) -> Bool {
        let order = stackingOrder()
        guard let upperIndex = order.firstIndex(of: upper), let lowerIndex = order.firstIndex(of: lower) else {
            return false
        }
        return upperIndex > lowerIndex
    }

    /// One line about a window: id, title, class, map state, geometry and state atoms.
    func describe(_ window: Window) -> String {
        let className = wmClass(of: window).map { "\($0.instance)/\($0.className)" } ?? "-"
        let state = netWMState(of: window).sorted().map { $0.replacingOccurrences(of: "_NET_WM_STATE_", with: "") }
        return "0x\(String(window, radix: 16)) \"\(title(of: window) ?? "")\" class \(className)"
            + " \(mapState(of: window).map { "\($0)" } ?? "gone") at \(geometry(of: window)?.description ?? "?")"
            + " frame \(frameGeometry(of: window)?.description ?? "?") state [\(state.joined(separator: ","))]"
    }

    /// One line per client window (those with a WM_CLASS), for failure messages.
    func describeClients() -> String {
        let clients = allWindows().filter { wmClass(of: $0) != nil }
        return "client windows on \(display):\n" + clients.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// The window's children, bottom to top.
    func children(of window: Window) -> [Window] {
        connection.withCapturedErrors { () -> [Window] in
            var root: Window = 0
            var parent: Window = 0
            var list: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(connection.display, window, &root, &parent, &list, &count) != 0 else { return [] }
            defer { if let list { XFree(list) } }
            return Array(UnsafeBufferPointer(start: list, count: Int(count)))
        }.value
    }

    /// The window's parent; nil for the root or a window that is gone.
    func parent(of window: Window) -> Window? {
        let (result, failed) = connection.withCapturedErrors { () -> Window? in
            var root: Window = 0
            var parent: Window = 0
            var list: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(connection.display, window, &root, &parent, &list, &count) != 0 else { return nil }
            if let list { XFree(list) }
            return parent == 0 ? nil : parent
        }
        return failed ? nil : result
    }
}
